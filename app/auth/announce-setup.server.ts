import { getEnv } from "../lib/env.server.ts";
import { logger } from "../lib/logger.server.ts";
import { pendingSetupLink, type SetupDeps } from "./setup.server.ts";

/** At start-up with no owner yet: the first start logs (and emails) the one-time set-up link; later ones say it is pending. */
export async function announceOwnerSetup({
  repo,
  links,
  worker,
}: SetupDeps & { worker: { kick(): void } }): Promise<void> {
  const env = getEnv();
  const setup = await pendingSetupLink({ repo, links }, env.PUBLIC_ORIGIN);
  if (setup.kind === "link") {
    if (setup.emailed) worker.kick();
    logger().warn(
      { url: setup.url },
      "No back-office owner yet: open this one-time link to set one up (also emailed to OWNER_EMAIL)",
    );
  } else if (setup.kind === "pending") {
    logger().warn(
      "No back-office owner yet: use the set-up link printed (and emailed to OWNER_EMAIL) by the first start on this database, or run `npm run owner -- reset` for a new one",
    );
  }
}
