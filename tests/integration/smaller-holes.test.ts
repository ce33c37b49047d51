import net from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { ownerReset, setUpOwner } from "../support/admin.ts";
import { MARKETING_PATHS } from "../support/routes.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { testPostgres } from "../support/store.ts";
import { waitFor } from "../support/orders.ts";
import { suiteServer } from "../support/suite.ts";

// Smaller holes: percent-encoded paths, and one set-up link per database.
// (The CSV export: app/orders/orders-csv.test.ts; /subscription's equal work: app/orders/manage-link-request.test.ts.)

describe("percent-encoded paths", () => {
  const server = suiteServer({ LOG_LEVEL: "silent" });

  test("letters spelt %XX: a 301 to the canonical path, never a 200 with its own spelling as canonical", async () => {
    const cases: Array<[string, string]> = [
      ["/%73hort-videos", "/short-videos"],
      ["/short%2Dvideos", "/short-videos"],
      ["/short%2dvideos/%64e", "/short-videos/de"],
      ["/%53HORT%2DVIDEOS/", "/short-videos"],
      ["/short%2Dvideos?lang=de", "/short-videos?lang=de"],
    ];
    // Every marketing page with its first letter encoded.
    for (const path of MARKETING_PATHS.filter((p) => p.length > 1)) {
      cases.push([`/%${path.charCodeAt(1).toString(16).toUpperCase()}${path.slice(2)}`, path]);
    }
    for (const [asked, canonical] of cases) {
      const res = await fetch(server.url + asked, { redirect: "manual" });
      expect(res.status, asked).toBe(301);
      expect(res.headers.get("location"), asked).toBe(canonical);
      await res.arrayBuffer();
    }
    // Escapes that are not a letter stay another path: 404, never a page.
    for (const asked of ["/short-videos%2F", "/nope%20x", "/%2Fshort-videos", "/n%6Fpe"]) {
      const res = await fetch(server.url + asked);
      expect(res.status, asked).toBe(404);
      await res.arrayBuffer();
    }
  });
});

describe("one valid set-up link per database", () => {
  const started: RunningServer[] = [];
  afterAll(async () => {
    for (const server of started) await server.kill();
  });
  const setupLinks = (server: RunningServer) =>
    server.logs().match(/https?:\/\/[^"\s]+\/admin\/setup\?token=[\w-]+/g) ?? [];
  const tokenOk = async (server: RunningServer, link: string) =>
    (await fetch(`${server.url}/admin/setup?token=${new URL(link).searchParams.get("token")}`)).status === 200;

  test("a restart leaves the first link valid (SQLite)", { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ LOG_LEVEL: "warn", DATA_DIR: dataDir });
    started.push(first);
    const [link] = await waitFor(
      () => setupLinks(first).length > 0 && setupLinks(first),
      10_000,
      "the first start's link",
    );
    expect(await first.stop()).toBe(0);
    const second = await startServer({ LOG_LEVEL: "warn", DATA_DIR: dataDir });
    started.push(second);
    await waitFor(() => second.logs().includes("No back-office owner yet"), 10_000, "the second start's notice");
    expect(setupLinks(second)).toEqual([]);
    expect(await tokenOk(second, link!)).toBe(true);
  });

  test(
    "two fresh instances started together on one PostgreSQL: one link in all, and it works on both",
    { timeout: 180_000 },
    async () => {
      const url = await (await testPostgres()).createDatabase();
      const [a, b] = await Promise.all([
        startServer({ LOG_LEVEL: "warn", DATABASE_URL: url }),
        startServer({ LOG_LEVEL: "warn", DATABASE_URL: url }),
      ]);
      started.push(a, b);
      await waitFor(
        () => a.logs().includes("No back-office owner yet") && b.logs().includes("No back-office owner yet"),
        10_000,
        "both notices",
      );
      const links = [...setupLinks(a), ...setupLinks(b)];
      expect(links).toHaveLength(1);
      expect(await tokenOk(a, links[0]!)).toBe(true);
      expect(await tokenOk(b, links[0]!)).toBe(true);
      // The owner sets up with it on the other instance than the one that printed it.
      const printedByA = setupLinks(a).length === 1;
      const other = printedByA ? b : a;
      const { client } = await setUpOwner(
        other.url,
        links[0]!.replace(/^https?:\/\/[^/]+/, other.url),
        "correct horse battery staple 8",
      );
      expect((await client.get("/admin")).status).toBe(200);
      // `npm run owner -- reset` still makes a new link on purpose.
      expect(ownerReset(a.dataDir, a.url, url)).toMatch(/\/admin\/setup\?token=/);
    },
  );
});

/** `count` sockets that send the start of a request and never finish its headers; resolves once all are connected. */
async function slowClients(port: number, count: number) {
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(port, "127.0.0.1", () => {
            socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
            resolve(socket);
          });
          socket.on("error", () => undefined);
          socket.once("close", () => (closed += 1));
          socket.once("error", reject);
        }),
    ),
  );
  return { sockets, closed: () => closed, destroy: () => sockets.forEach((socket) => socket.destroy()) };
}

describe("connections one client may hold", () => {
  const capped = suiteServer({ LOG_LEVEL: "silent", CONNECTIONS_PER_CLIENT: "20" });
  const behindProxy = suiteServer({ LOG_LEVEL: "silent", CONNECTIONS_PER_CLIENT: "20", TRUST_PROXY: "loopback" });

  test("past CONNECTIONS_PER_CLIENT, a client's new connections are closed on arrival; the others wait their turn; freed, it is served again", async () => {
    const slow = await slowClients(capped.port, 40);
    try {
      // The twenty over the cap are closed by the server at once (the held ones wait up to headersTimeout, 20 s).
      // (This process's own keep-alive connections from earlier requests may hold one or two of the twenty places.)
      await waitFor(() => slow.closed() >= 20, undefined, "the connections over the cap closed");
      const held = 40 - slow.closed();
      expect(held).toBeLessThanOrEqual(20);
      expect(held).toBeGreaterThanOrEqual(17);
      // A new connection from the same client is closed too while it holds its twenty.
      const another = await slowClients(capped.port, 1);
      await waitFor(() => another.closed() === 1, undefined, "the extra connection closed");
    } finally {
      slow.destroy();
    }
    // Its connections gone, it is served again.
    await waitFor(
      async () =>
        (await fetch(`${capped.url}/healthz`)
          .then((res) => res.status)
          .catch(() => 0)) === 200,
      undefined,
      "served again",
    );
  });

  test("connections from a trusted proxy are not counted: its address carries every visitor", async () => {
    const slow = await slowClients(behindProxy.port, 40);
    try {
      const page = await fetch(`${behindProxy.url}/healthz`);
      expect(page.status).toBe(200);
      expect(slow.closed()).toBe(0);
    } finally {
      slow.destroy();
    }
  });
});
