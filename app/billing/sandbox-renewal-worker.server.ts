import { BackgroundWorker } from "../lib/background-worker.server.ts";
import { renewSandboxSubscriptions, type PaymentEventDeps } from "./payment-events.server.ts";

/**
 * The sandbox's billing clock: looks for sandbox subscriptions whose period has ended and renews
 * (or ends) them (`renewSandboxSubscriptions`), as Stripe does on its own side. Nothing to do with
 * Stripe configured: each pass returns at once.
 */
export class SandboxRenewalWorker extends BackgroundWorker {
  private readonly deps: PaymentEventDeps;
  private readonly batch = 20;

  constructor(deps: PaymentEventDeps, pollMs: number) {
    super("sandbox renewals", pollMs);
    this.deps = deps;
  }

  async runOnce(): Promise<number> {
    const handled = await renewSandboxSubscriptions(this.deps, new Date(), this.batch);
    // A full batch (a site that was off for months): the next one at once.
    if (handled >= this.batch) this.again = true;
    return handled;
  }
}
