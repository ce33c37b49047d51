import { describe, expect, test } from "vitest";
import { emlFiles, orderForm, postOrder, readStore, waitFor, SANDBOX_PAY } from "../support/orders.ts";
import { suiteServer } from "../support/suite.ts";

// The sandbox's "Pay" is the payment: the order is paid, and its confirmation queued, before the
// redirect, whether or not the thank-you page is ever loaded (as Stripe's webhook makes it so).
const server = suiteServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", OUTBOX_POLL_MS: "100" });

describe("sandbox Pay fulfils the order", () => {
  test("paid without the thank-you page: the order is paid, its confirmation sent; a replayed Pay duplicates nothing", async () => {
    const created = await postOrder(server.url, "formateur-ia", "en", orderForm({ email: "closer@example.com" }));
    expect(created.status).toBe(303);
    const checkout = server.url + created.headers.get("location")!;
    const pay = () => fetch(checkout, { method: "POST", body: new URLSearchParams(SANDBOX_PAY), redirect: "manual" });
    const paid = await pay();
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toContain("session_id=");
    // The customer closes the tab: the thank-you page is never asked for.
    const stored = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "closer@example.com")!;
    expect(stored.state).toBe("paid");
    await waitFor(() => emlFiles(server.dataDir).includes(`${stored.id}-confirmation.eml`), undefined, "confirmation");

    // The same post again (a double click, a reload): still one order, one confirmation.
    const again = await pay();
    expect(again.status).toBe(303);
    const after = await readStore(server.dataDir);
    const mine = after.orders.filter((o) => o.customer.email === "closer@example.com");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.state).toBe("paid");
    const kinds = after.emails.get(stored.id)!.map((row) => row.kind);
    expect(kinds.filter((kind) => kind === "confirmation")).toHaveLength(1);
    expect(emlFiles(server.dataDir).filter((file) => file.startsWith(`${stored.id}-confirmation`))).toHaveLength(1);
  });
});
