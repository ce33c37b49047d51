import Stripe from "stripe";

/**
 * The API version the SDK is pinned to (stripe v23: 2026-10-28.endive). Requests use it; events are
 * rendered in the webhook endpoint's version instead (https://docs.stripe.com/webhooks/versioning),
 * which is why `npm run stripe-setup` creates the endpoint with this version and `check-live`
 * compares them. Events from an older endpoint are still read (stripe-events.ts).
 */
export const STRIPE_PINNED_VERSION: string = Stripe.API_VERSION;
