// Every back-office page, taken from the app's route configuration (app/routes.ts), shows the admin
// bar with exactly one tab marked current: the section the page belongs to. The refund and cancel
// screens marked the dashboard; a page added later is checked here without anyone listing it.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { openStores } from "../../app/stores.server.ts";
import { pageRoutes } from "../support/action-routes.ts";
import { AdminClient, ownerReset, setUpOwner } from "../support/admin.ts";
import { ines, payInSandbox } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

const admin = JSON.parse(fs.readFileSync(path.resolve("locales/en/admin.json"), "utf8"));
const server = suiteServer({ ORDER_RATE_LIMIT: "0", OWNER_LANG: "en", LOG_LEVEL: "silent" });

/** The pages before a session (signing in, setting up, recovering): no bar, no tabs. */
const SIGNED_OUT = new Set([
  "/admin/sign-in",
  "/admin/verify",
  "/admin/setup",
  "/admin/enrol",
  "/admin/unlock",
  "/admin/forgot",
  "/admin/reset",
]);

/**
 * The tab each part of the back office belongs to, by the path's first segment after /admin. A new
 * part of the back office must say here which tab it is under (the test names it otherwise).
 */
/** A page that needs a query to be more than a redirect: the erase screen asks about someone. */
const QUERY: Record<string, string> = { "/admin/customers/erase": "?email=tabs%40example.com" };

const TAB_OF: Record<string, string> = {
  "": "/admin",
  orders: "/admin/orders",
  invoices: "/admin/orders",
  quotes: "/admin/quotes",
  customers: "/admin/customers",
  automation: "/admin/automation",
  security: "/admin/security",
};

test("every back-office page of app/routes.ts marks its own section's tab, and only that one", async () => {
  const owner: AdminClient = (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
  // Something for the pages about one thing to be about: a paid order and a quote request.
  await payInSandbox(server.url, "veo3-pack", "en", ines("Tabs"));
  const quoted = await fetch(`${server.url}/quote?offer=seedance&lang=en`, {
    method: "POST",
    body: new URLSearchParams({
      offer: "seedance",
      name: "Tab Visitor",
      email: "tab.visitor@example.com",
      company: "",
      message: "Which tab am I under?",
    }),
    redirect: "manual",
    headers: { Origin: server.url },
  });
  expect(quoted.status).toBe(303);
  const store = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  const ids: Record<string, string> = {};
  try {
    ids.orderId = (await store.listOrders(10)).find((order) => order.state === "paid")!.id;
    ids.quoteId = (await store.listQuoteRequests(10))[0]!.id;
  } finally {
    await store.close();
  }

  const pages = pageRoutes().filter((route) => route.pattern === "/admin" || route.pattern.startsWith("/admin/"));
  expect(pages.length, "the back office's pages, read from app/routes.ts").toBeGreaterThanOrEqual(18);
  const checked: string[] = [];
  for (const { pattern } of pages) {
    if (SIGNED_OUT.has(pattern)) continue;
    const url =
      pattern.replace(/:(\w+)/g, (_, name: string) => {
        if (!ids[name]) throw new Error(`${pattern}: give the test a value for :${name}`);
        return encodeURIComponent(ids[name]);
      }) + (QUERY[pattern] ?? "");
    const res = await owner.get(url, { headers: { "Accept-Language": "en" } });
    const body = await res.text();
    expect(res.status, `${url} answers the owner with a page`).toBeLessThan(500);
    const nav = new RegExp(`<nav aria-label="${admin.title}"[^>]*>([\\s\\S]*?)</nav>`).exec(body)?.[1];
    expect(nav, `${url} shows the admin bar (answered ${res.status})`).toBeDefined();
    const current = [
      ...nav!.matchAll(
        /<a [^>]*href="([^"]+)"[^>]*aria-current="page"|<a [^>]*aria-current="page"[^>]*href="([^"]+)"/g,
      ),
    ].map((m) => m[1] ?? m[2]);
    const part = pattern.split("/")[2] ?? "";
    expect(TAB_OF[part], `${pattern}: say in TAB_OF which tab "${part}" is under`).toBeDefined();
    expect(current, `${url}: the tab marked current`).toEqual([TAB_OF[part]]);
    checked.push(pattern);
  }
  // The screens that marked the wrong tab are among those checked.
  expect(checked).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/orders/:orderId/refund",
      "/admin/orders/:orderId/cancel",
      "/admin/quotes/:quoteId",
      "/admin/customers/erase",
    ]),
  );
});
