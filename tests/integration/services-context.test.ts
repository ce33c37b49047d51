// The services reach routes through React Router's context as a function that opens them
// (app/services-context.ts), not as a value fixed when the server starts: PostgreSQL down at start
// must leave the marketing pages and the order form answering (they ask nothing of the database),
// and the first request that needs the database once it is up must find it, with no restart.
import { afterAll, expect, test } from "vitest";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { orderForm, payInSandbox } from "../support/orders.ts";
import { startPostgres, type TestPostgres } from "../support/postgres.ts";
import { freePort, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer | undefined;
let postgres: TestPostgres | undefined;

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server!.url}${path}`, { headers, redirect: "manual" });

test("PostgreSQL down at start: pages answer without it; once it is up, the next request that needs it finds it", async () => {
  // Nothing listens on this port yet: the services' first opening (at start-up) fails.
  const port = await freePort();
  server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` }, { readyPath: "/en" });

  for (const lang of LANGUAGES) {
    const home = await get(`/${lang}`);
    expect(home.status, `/${lang}`).toBe(200);
    expect(await home.text()).toContain(`<html lang="${lang}"`);
  }
  // A page rendered live (not from the page cache) and the order form's template.
  expect((await get("/privacy", { "Accept-Language": "de" })).status).toBe(200);
  expect((await get("/commander?offre=test-workflow&lang=en")).status).toBe(200);
  // What needs the database says so, and the site keeps running.
  const health = await get("/healthz");
  expect(health.status).toBe(503);
  expect(await health.text()).toBe("database unavailable\n");

  postgres = await startPostgres({ port });
  // No restart: the next request that asks opens the services (generous: a loaded machine).
  const deadline = Date.now() + 60_000;
  let status = 0;
  while (Date.now() < deadline && status !== 200) {
    status = (await get("/healthz")).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(status, server.logs()).toBe(200);
  // The back office's session middleware, an order placed and paid: all from the request's context.
  expect((await get("/admin/sign-in")).status).toBe(200);
  const sessionId = await payInSandbox(server.url, "test-workflow", "en", orderForm({ offre: "test-workflow" }));
  expect(sessionId).toMatch(/\S/);
});
