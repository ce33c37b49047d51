import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  decodeMail,
  emlFiles,
  orderForm,
  postForm,
  postOrder,
  readStore,
  waitFor,
  SANDBOX_PAY,
} from "../support/orders.ts";
import { freePort, startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { watchProcess } from "../support/watchdog.ts";

/**
 * The nginx block of docs/operating.md ("Uploads through the proxy"), as written, in front of the
 * built server: Debian's nginx on loopback, not a daemon, with its own prefix and temp folders. A
 * 20 MB brief (two 9.5 MB images and its text) goes through it and is stored. With nginx's
 * defaults (the docs said nothing of them) any brief over 1 MB got nginx's own 413.
 */
const NGINX = "/usr/sbin/nginx";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const MB = 1024 * 1024;

/** The documented server block, pointed at this test's ports. */
function documentedBlock(listen: number, upstream: number): string {
  const doc = fs.readFileSync(path.resolve("docs/operating.md"), "utf8");
  const section = doc.slice(doc.indexOf("### Uploads through the proxy"));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)![1]!;
  expect(block).toContain("client_max_body_size");
  expect(block).toContain("proxy_request_buffering off");
  return block
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
    .replace("proxy_pass http://127.0.0.1:3000;", `proxy_pass http://127.0.0.1:${upstream};`);
}

let server: RunningServer;
let nginx: ChildProcess;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    PUBLIC_ORIGIN: base,
    TRUST_PROXY: "loopback",
  });
  const prefix = tempDataDir("nginx-");
  for (const dir of ["logs", "body", "proxy"]) fs.mkdirSync(path.join(prefix, dir));
  const conf = `daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/body;
    uwsgi_temp_path ${prefix}/body;
    scgi_temp_path ${prefix}/body;
${documentedBlock(port, server.port)}
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), conf);
  nginx = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", `${prefix}/logs/error.log`], {
    stdio: "ignore",
  });
  const watchdog = watchProcess(nginx.pid!);
  nginx.once("exit", () => watchdog.cancel());
  await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status === 200, 30_000, "nginx up");
});
afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  expect(await server?.stop()).toBe(0);
});

test("a 20 MB brief through the documented nginx configuration is stored", async () => {
  const email = "nginx@example.com";
  const created = await postOrder(base, "short-videos", "en", orderForm({ email }));
  expect(created.status).toBe(303);
  const paid = await postForm(base + created.headers.get("location")!, SANDBOX_PAY);
  expect((await fetch(base + paid.headers.get("location")!)).status).toBe(200);
  const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email && o.state === "paid")!;
  const file = await waitFor(() => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`));
  const raw = decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));
  const page = new RegExp(`${base}(/order/[\\w.-]+\\?lang=en)`).exec(raw)![1]!;

  const form = new FormData();
  form.set("brief", "A brief with large files, through the proxy.");
  for (const name of ["one.png", "two.png"])
    form.append("files", new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(9.5 * MB)]))]), name);
  form.append("files", new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(1 * MB)]))]), "three.png");
  const sent = await fetch(base + page, { method: "POST", body: form, redirect: "manual" });
  expect(sent.status).toBe(303);
  const dir = path.join(server.dataDir, "files", "orders", order.id);
  const sizes = fs.readdirSync(dir).map((name) => fs.statSync(path.join(dir, name)).size);
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(20 * MB);
  expect(await (await fetch(base + page)).text()).toContain("A brief with large files, through the proxy.");
});
