import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import { promisify } from "node:util";
import { createCookie } from "react-router";
import { expect, test } from "vitest";
import { ownerReset, setUpOwner } from "../support/admin.ts";
import { tempDataDir } from "../support/server.ts";
import { suiteServer } from "../support/suite.ts";

// The signed subscription and invoice links were once written in full to the access
// log (redacted now, as session_id already was: app/lib/logger.server.ts redactUrl). And session ids were stored as they are, next to the cookie-signing secret, so a
// copy of a backup was enough to sign a valid back-office cookie. Sessions are now stored under
// the SHA-256 of their id (app/auth/session.server.ts; docs/decisions/012-a-backup-is-not-a-key.md).

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const server = suiteServer({ LOG_LEVEL: "info" });

test("with only a copy of the database, forging a signed-in back-office cookie fails", async () => {
  const { client } = await setUpOwner(
    server.url,
    ownerReset(server.dataDir, server.url),
    "correct horse battery staple 21",
  );
  expect((await client.get("/admin")).status).toBe(200);

  // The attacker's material: a backup made by `npm run backup`, copied elsewhere. Nothing else.
  const file = path.join(tempDataDir("stolen-backup-"), "copy.sqlite");
  await run(process.execPath, ["scripts/backup.ts", file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  const copy = openLiveDatabase(file, { readOnly: true });
  const secrets = (copy.prepare("SELECT value FROM app_settings").all() as Array<{ value: string }>).map(
    (row) => row.value,
  );
  const stored = (copy.prepare("SELECT id FROM admin_sessions").all() as Array<{ id: string }>).map((row) => row.id);
  copy.close();
  expect(stored.length).toBeGreaterThan(0);
  expect(secrets.length).toBeGreaterThan(0);

  // The real cookie's id appears nowhere in the copy.
  // (React Router's cookie value: base64 of the JSON id, a dot, the signature.)
  const rawValue = decodeURIComponent(client.cookie.slice(client.cookie.indexOf("=") + 1));
  const realIdText = String(
    JSON.parse(Buffer.from(rawValue.slice(0, rawValue.lastIndexOf(".")), "base64").toString("utf8")),
  );
  expect(realIdText.length).toBeGreaterThan(20);
  expect(fs.readFileSync(file).includes(Buffer.from(realIdText))).toBe(false);

  // Every stored key signed with every stored secret, exactly as the server signs its cookie.
  let tried = 0;
  for (const secret of secrets) {
    const cookie = createCookie("admin_session", { path: "/admin", secrets: [secret] });
    for (const id of stored) {
      const forged = (await cookie.serialize(id)).split(";")[0]!;
      const res = await fetch(`${server.url}/admin`, { headers: { Cookie: forged }, redirect: "manual" });
      tried++;
      expect(res.status, "a cookie forged from the backup opens the back office").toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    }
  }
  expect(tried).toBeGreaterThan(0);
  // The owner's own session still works.
  expect((await client.get("/admin")).status).toBe(200);
});

test("the access log never holds a signed link's token or a sandbox checkout's session id", async () => {
  const token = "ord_20261126_AbCdEf.manage.mz4k2p.Zm9yZ2VkLXNpZ25hdHVyZS12YWx1ZS1oZXJl";
  const targets = [
    `/subscription/${token}`,
    `/subscription/${token}?lang=de`,
    `/invoice/${token.replace("manage", "invoice")}`,
    `/%73ubscription/${token}`,
    `/subscription//${token}`,
    `/checkout/sandbox/cs_sandbox_SeCrEtSeSsIoN42`,
    `/merci?session_id=cs_sandbox_SeCrEtSeSsIoN42`,
  ];
  for (const target of targets) await (await fetch(server.url + target, { redirect: "manual" })).arrayBuffer();
  // The access line is written asynchronously: wait until the last one is there.
  const deadline = Date.now() + 10_000;
  while (!server.logs().includes("/merci?session_id=[redacted]") && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const logs = server.logs();
  expect(logs).toContain('"path":"/subscription/[redacted]"');
  expect(logs).toContain('"path":"/subscription/[redacted]?lang=de"');
  expect(logs).toContain('"path":"/invoice/[redacted]"');
  expect(logs).toContain('"path":"/checkout/sandbox/[redacted]"');
  expect(logs).not.toContain("Zm9yZ2VkLXNpZ25hdHVyZS12YWx1ZS1oZXJl");
  expect(logs).not.toContain("SeCrEtSeSsIoN42");
});
