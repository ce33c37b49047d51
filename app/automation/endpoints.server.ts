/** The endpoint an operator sets with AUTOMATION_WEBHOOK_URL and AUTOMATION_WEBHOOK_SECRET. */
export const ENV_ENDPOINT = "env";
