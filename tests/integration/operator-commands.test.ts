// Every operator command fails in one line, a
// second server on a busy port writes nothing, and the CSV export docs/operating.md documents gives a clean file.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import { afterAll, describe, expect, test } from "vitest";
import { openStores } from "../../app/stores.server.ts";
import { freePort, startExpectingExit, startServer, tempDataDir, type RunningServer } from "../support/server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

/** `node scripts/NAME.ts ARGS` as `npm run NAME -- ARGS` runs it, with only the given environment. */
function command(name: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [`scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One line on stderr, no stack trace. */
function expectOneLine(stderr: string, label: string) {
  expect(stderr.trim().split("\n"), `${label}:\n${stderr}`).toHaveLength(1);
  expect(stderr, label).not.toMatch(/^\s+at |node:internal|Error \[ERR_/m);
}

async function dataDirWithOrder(): Promise<string> {
  const dataDir = tempDataDir("orders-cmd-");
  const repo = await openStores({ DATA_DIR: dataDir });
  await repo.createOrder({
    id: "ord_csv_1",
    submissionToken: "csv-1",
    lang: "fr",
    offer: "test-workflow",
    currency: "EUR",
    amountDueNow: 100,
    monthly: 0,
    provider: "sandbox",
    customer: {
      firstName: "Zoé",
      lastName: "Ruiz",
      email: "zoe@example.com",
      companyName: "",
      address: "",
      city: "",
      postalCode: "",
      country: "FR",
      phoneNumber: "",
      comments: "",
    },
  } as Parameters<typeof repo.createOrder>[0]);
  await repo.close();
  return dataDir;
}

describe("operator commands fail in one line", () => {
  test("a second server on a busy port: 'port N is in use' in one line, and the running server's set-up link still works", async () => {
    const first = await startServer({ LOG_LEVEL: "info" });
    servers.push(first);
    const link = /"url":"(http[^"]+\/admin\/setup\?token=[\w-]+)"/.exec(first.logs())?.[1];
    expect(link, first.logs()).toBeDefined();
    const tokenHash = () => {
      const db = openLiveDatabase(path.join(first.dataDir, "orders.sqlite"), { readOnly: true });
      try {
        return (db.prepare("SELECT setup_token_hash FROM owner").get() as { setup_token_hash: string } | undefined)
          ?.setup_token_hash;
      } finally {
        db.close();
      }
    };
    const before = tokenHash();
    const second = await startExpectingExit({ PORT: String(first.port), DATA_DIR: first.dataDir, LOG_LEVEL: "info" });
    expect(second.code).toBe(1);
    expectOneLine(second.output, "second server");
    expect(second.output).toContain(`port ${first.port} is in use`);
    expect(tokenHash()).toBe(before);
    const setup = await fetch(`${first.url}${new URL(link!).pathname}${new URL(link!).search}`);
    expect(setup.status).toBe(200);
  }, 300_000);

  test("npm run orders against an unreachable PostgreSQL: one line naming it", async () => {
    const port = await freePort();
    const result = command("orders", [], { DATABASE_URL: `postgres://site@127.0.0.1:${port}/site` });
    expect(result.code).toBe(1);
    expectOneLine(result.stderr, "orders");
    expect(result.stderr).toContain(`127.0.0.1:${port}`);
    expect(result.stderr).toMatch(/ECONNREFUSED/);
  }, 300_000);

  test("npm run orders and npm run owner refuse a DATA_DIR that holds no database, and create none", () => {
    const empty = tempDataDir("no-db-");
    for (const [name, args] of [
      ["orders", []],
      ["orders", ["--csv"]],
      ["owner", ["status"]],
      ["owner", ["reset"]],
    ] as const) {
      const result = command(name, [...args], { DATA_DIR: empty });
      expect(result.code, `${name} ${args.join(" ")}`).toBe(1);
      expectOneLine(result.stderr, `${name} ${args.join(" ")}`);
      expect(result.stderr).toContain(`No database at ${path.join(empty, "orders.sqlite")}`);
      expect(result.stdout).toBe("");
    }
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 300_000);

  test("an unknown option or a missing value: one line with the usage, for every command", async () => {
    const dataDir = await dataDirWithOrder();
    const cases: Array<[string, string[]]> = [
      ["orders", ["--bogus"]],
      ["orders", ["--limit"]],
      ["orders", ["--limit", "many"]],
      ["owner", ["reset", "--bogus"]],
      ["owner", ["bogus"]],
      ["backup", ["--bogus"]],
      ["migrate-to-postgres", ["--bogus"]],
    ];
    for (const [name, args] of cases) {
      const result = command(name, args, {
        DATA_DIR: dataDir,
        DATABASE_URL: name === "migrate-to-postgres" ? "postgres://site@127.0.0.1:1/site" : "",
      });
      expect(result.code, `${name} ${args.join(" ")}`).toBe(2);
      expectOneLine(result.stderr, `${name} ${args.join(" ")}`);
      expect(result.stderr, `${name} ${args.join(" ")}`).toMatch(/Usage: /);
    }
  }, 300_000);

  test("npm run owner -- reset without PUBLIC_ORIGIN: the link is on the port the site listens on", async () => {
    const dataDir = await dataDirWithOrder();
    const result = command("owner", ["reset"], { DATA_DIR: dataDir, PORT: "4123" });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^http:\/\/localhost:4123\/admin\/setup\?token=/m);
  }, 300_000);
});

describe("the CSV export of docs/operating.md", () => {
  test("each documented command writes a file that starts with the byte order mark and the header, nothing before", async () => {
    const dataDir = await dataDirWithOrder();
    const operating = fs.readFileSync(path.join(root, "docs/operating.md"), "utf8");
    const documented = [
      ...new Set([...operating.matchAll(/`(npm run [^`]*orders -- [^`]*orders\.csv)`/g)].map((match) => match[1]!)),
    ];
    for (const line of documented) {
      const out = path.join(tempDataDir("csv-"), "orders.csv");
      execFileSync("sh", ["-c", line.replace("orders.csv", JSON.stringify(out))], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      });
      const bytes = fs.readFileSync(out);
      expect(bytes.subarray(0, 3).toString("hex"), line).toBe("efbbbf");
      // OWNER_LANG unset: French, the owner's spreadsheet format (";" between cells).
      expect(bytes.subarray(3).toString("utf8").split("\r\n")[0], line).toMatch(/^"Référence";"Créée le";"État";/);
      // The order by its readable reference (the owner's words), not the internal id.
      expect(bytes.toString("utf8"), line).toMatch(/\r\n"[A-Z0-9]{1,3}-1\d{3}";/);
      expect(bytes.toString("utf8"), line).not.toContain("ord_csv_1");
    }
    // Both ways are documented: --out, and standard output without npm's banner.
    expect(
      documented.some((line) => line.includes("--out ")),
      documented.join("\n"),
    ).toBe(true);
    expect(
      documented.some((line) => line.includes("--silent")),
      documented.join("\n"),
    ).toBe(true);
  }, 300_000);
});

describe("npm run orders: files a script and an accountant can use", () => {
  test("--format raw has no byte order mark: Python's csv.DictReader names the first column 'id'", async () => {
    const dataDir = await dataDirWithOrder();
    const out = path.join(tempDataDir("csv-raw-"), "orders.csv");
    const result = command("orders", ["--format", "raw", "--out", out], { DATA_DIR: dataDir });
    expect(result.code, result.stderr).toBe(0);
    expect(fs.readFileSync(out).subarray(0, 2).toString("utf8")).toBe("id");
    const read = execFileSync(
      "python3",
      [
        "-c",
        "import csv,sys,json; rows=list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8'))); print(json.dumps([list(rows[0])[0], rows[0]['id']]))",
        out,
      ],
      { encoding: "utf8" },
    );
    expect(JSON.parse(read)).toEqual(["id", "ord_csv_1"]);
  }, 300_000);

  test("--out refuses to replace an existing file (one line, exit 1) unless --force", async () => {
    const dataDir = await dataDirWithOrder();
    const out = path.join(tempDataDir("csv-out-"), "orders.csv");
    fs.writeFileSync(out, "the accountant's own notes\n");
    const refused = command("orders", ["--out", out], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expectOneLine(refused.stderr, "--out over a file");
    expect(refused.stderr).toContain(out);
    expect(refused.stderr).toContain("--force");
    expect(fs.readFileSync(out, "utf8")).toBe("the accountant's own notes\n");
    const forced = command("orders", ["--out", out, "--force"], { DATA_DIR: dataDir });
    expect(forced.code, forced.stderr).toBe(0);
    expect(fs.readFileSync(out, "utf8")).toContain("zoe@example.com");
  }, 300_000);

  test("the owner's format says what was paid, refunded and kept, from the refunds billing recorded", async () => {
    const dataDir = await dataDirWithOrder();
    const repo = await openStores({ DATA_DIR: dataDir });
    // Paid 197.00, then two refunds of one charge as Stripe's events record them: 12.50 in all.
    await repo.db
      .updateTable("orders")
      .set({ state: "paid", paid_at: new Date().toISOString(), amount_due_now: 19_700 })
      .where("id", "=", "ord_csv_1")
      .execute();
    await repo.db
      .insertInto("charge_refunds")
      .values({
        charge_id: "ch_1",
        order_id: "ord_csv_1",
        amount: 19_700,
        amount_refunded: 1_250,
        currency: "eur",
        updated_at: new Date().toISOString(),
      })
      .execute();
    await repo.close();
    const fr = JSON.parse(fs.readFileSync(path.join(root, "locales/fr/admin.json"), "utf8")).csv;
    const result = command("orders", ["--csv"], { DATA_DIR: dataDir, OWNER_LANG: "fr" });
    expect(result.code, result.stderr).toBe(0);
    const [header, row] = result.stdout.replace(/^\uFEFF/, "").split("\r\n");
    const cells = (line: string) => line.split(";").map((cell) => cell.replace(/^"|"$/g, ""));
    const byName = Object.fromEntries(cells(header!).map((name, i) => [name, cells(row!)[i]]));
    expect([byName[fr.amount_paid], byName[fr.refunded], byName[fr.net]]).toEqual(["197,00", "12,50", "184,50"]);
    // Words, not codes: the state and the offer in French, the date as Excel reads one, in the owner's time zone.
    const frAdmin = JSON.parse(fs.readFileSync(path.join(root, "locales/fr/admin.json"), "utf8"));
    expect(byName[fr.state]).toBe(frAdmin.states.paid);
    expect(byName[fr.offer]).toBe(
      JSON.parse(fs.readFileSync(path.join(root, "locales/fr/offers.json"), "utf8"))["test-workflow"].name,
    );
    expect(byName[fr.lang]).toBe("français");
    expect(byName[fr.paid_at]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // raw stays as it was for scripts: no new columns.
    const raw = command("orders", ["--csv", "--format", "raw"], { DATA_DIR: dataDir });
    expect(raw.stdout.split("\r\n")[0]).not.toMatch(/refund|net/);
  }, 300_000);
});
