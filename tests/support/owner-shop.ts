import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { AdminClient, setUpOwner, signIn } from "./admin.ts";
import { startPostgres, type TestPostgres } from "./postgres.ts";
import { startServer, type RunningServer } from "./server.ts";

/**
 * A shop with its owner set up, on either store, for the back office's browser tests: the owner's
 * journeys run once on the embedded SQLite and once on a PostgreSQL started for the spec (every
 * step of the owner's covered end to end on both stores).
 */
export const STORES = ["sqlite", "postgres"] as const;
export type Store = (typeof STORES)[number];

export const OWNER_PASSWORD = "a long phone-typed passphrase";

export interface OwnerShop {
  store: Store;
  server: RunningServer;
  /** The PostgreSQL database the server uses; undefined on SQLite (its file is in the data directory). */
  databaseUrl: string | undefined;
  /** The owner's authenticator secret (base32). */
  secret: string;
  /** A signed-in (password + code) client for plain-HTTP steps. */
  owner: AdminClient;
  /** Signs a browser context in as the owner: a fresh password + code sign-in, its cookies handed over. */
  signIn(context: BrowserContext): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnerShop(store: Store, env: Record<string, string> = {}): Promise<OwnerShop> {
  let postgres: TestPostgres | undefined;
  let server: RunningServer | undefined;
  try {
    postgres = store === "postgres" ? await startPostgres() : undefined;
    const databaseUrl = postgres ? await postgres.createDatabase() : undefined;
    server = await startServer({
      LOG_LEVEL: "info",
      ORDER_RATE_LIMIT: "0",
      OUTBOX_POLL_MS: "200",
      OWNER_LANG: "en",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
    const line = server
      .logs()
      .split("\n")
      .find((entry) => entry.includes("/admin/setup?token="));
    if (!line) throw new Error(`no set-up link in the start-up log:\n${server.logs()}`);
    const { client, secret } = await setUpOwner(server.url, JSON.parse(line).url, OWNER_PASSWORD);
    const running = server;
    return {
      store,
      server: running,
      databaseUrl,
      secret,
      owner: client,
      async signIn(context) {
        const signedIn = await signIn(running.url, OWNER_PASSWORD, secret);
        const cookies = [signedIn.cookie, signedIn.device].filter(Boolean).map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name: name!, value: value.join("="), url: running.url };
        });
        await context.addCookies(cookies);
      },
      async stop() {
        await running.stop();
        await postgres?.stop();
      },
    };
  } catch (error) {
    await server?.stop();
    await postgres?.stop();
    throw error;
  }
}

/** Screenshots at a phone's and a desktop's width, attached to the test's output (and its report). */
export async function attachShots(
  page: Page,
  info: TestInfo,
  name: string,
  widths: readonly number[] = [390, 1280],
): Promise<void> {
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await info.attach(`${name}-${width}px`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
  }
  if (before) await page.setViewportSize(before);
}
