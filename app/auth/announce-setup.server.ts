import { getEnv } from "../lib/env.server.ts";
import { logger } from "../lib/logger.server.ts";
import { getOrderServices } from "../services.server.ts";
import { pendingSetupLink } from "./setup.server.ts";

/** At start-up with no owner yet: print the one-time set-up link in the log (once per start). */
export async function announceOwnerSetup(): Promise<void> {
  const env = getEnv();
  const link = await pendingSetupLink((await getOrderServices()).repo, env.PUBLIC_ORIGIN);
  if (link) logger().warn({ url: link }, "No back-office owner yet: open this one-time link to set one up");
}
