import { SANDBOX_PAY } from "../tests/support/orders.ts";
import { postOrder } from "./order-load.ts";

/** Places an order through the sandbox checkout and pays it: returns the thank-you URL (path and query) it leads to. */
export async function paidThankYouPath(baseUrl: string): Promise<string> {
  const placed = await postOrder(baseUrl);
  const checkout = placed.headers.get("location");
  if (placed.status !== 303 || !checkout) throw new Error(`order POST answered ${placed.status}`);
  const paid = await fetch(baseUrl + checkout, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    // The sandbox asks the billing address as Stripe's checkout does.
    body: new URLSearchParams(SANDBOX_PAY),
  });
  const thankYou = paid.headers.get("location");
  if (paid.status !== 303 || !thankYou) throw new Error(`sandbox pay answered ${paid.status}`);
  return thankYou;
}
