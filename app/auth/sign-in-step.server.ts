import type { OwnerRecord } from "./types.ts";
import type { LimitName, Limits } from "../http/limits.server.ts";
import { trustedDevice, type DeviceSecretStore } from "./device-cookie.server.ts";
import { HashesBusy } from "./password.server.ts";

/** There is one account; the key still names it so the count is kept apart from the IPs'. */
const ACCOUNT = "owner";

export type StepOutcome<T> =
  | { status: "checked"; result: T }
  /** Over a limit: nothing was checked. */
  | { status: "locked"; retryAfterSeconds: number }
  /** Too many password hashes at once: nothing was checked, the attempt is not counted. */
  | { status: "busy"; retryAfterSeconds: number };

/**
 * One sign-in step (the password, or the code): the attempt is counted first — against this
 * browser's device cookie if it has one, else against its IP and the account — and only a counted
 * attempt is checked. A successful step gives its points back, so the owner's own sign-ins never
 * use up a budget. Concurrent guesses cannot slip between a "locked?" look and a recorded failure.
 * `deps`: the site's limits, and the store holding the device cookie's secret.
 */
export async function signInStep<T>(
  request: Request,
  clientIp: string,
  owner: OwnerRecord | undefined,
  check: () => Promise<T>,
  succeeded: (result: T) => boolean,
  { limits, repo }: { limits: Pick<Limits, "take">; repo: DeviceSecretStore },
): Promise<StepOutcome<T>> {
  const device = await trustedDevice(request, owner, repo);
  const keys: [LimitName, string][] = device
    ? [["signInDevice", device]]
    : [
        ["signInIp", clientIp],
        ["signInAccount", ACCOUNT],
      ];
  const taken = await limits.take(...keys);
  if (!taken.ok) return { status: "locked", retryAfterSeconds: taken.retryAfterSeconds };
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (!(error instanceof HashesBusy)) throw error;
    await taken.refund();
    return { status: "busy", retryAfterSeconds: error.retryAfterSeconds };
  }
  if (succeeded(result)) await taken.refund();
  return { status: "checked", result };
}
