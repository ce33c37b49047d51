import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/server.ts";

const NGINX = "/usr/sbin/nginx";

export interface StaticServer {
  kind: "nginx" | "node-http";
  url: string;
  /** The one process that answers (the bare Node server; nginx answers from a worker, not measured). */
  pid?: number;
  stop(): Promise<void>;
}

/** A response to replay: its body and the headers the site sent with it. */
export interface Replay {
  body: Buffer;
  headers: Array<[string, string]>;
}

/** Headers the server computes per connection or per response: the baseline's own http stack sends those. */
const OWN_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "x-request-id",
]);

/** Fetches a page of the running site as a client without Accept-Encoding gets it (identity). */
export async function replayOf(url: string): Promise<Replay> {
  const res = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { body, headers: [...res.headers].filter(([name]) => !OWN_HEADERS.has(name)) };
}

/**
 * The limit SSR is compared with: the same bytes served without the site. By default a bare Node
 * `http` server answering from memory with the same bytes and the same headers (and a per-response
 * id, as the site sends): the floors (docs/performance.md) are written against it, as the site is a
 * Node server too, so the ratio is what the site's own work costs. `--baseline=nginx` compares with
 * nginx (1 worker, as in FACTS.md) serving the bytes as static files instead, for information.
 * `files` maps URL paths ("/en") to replays.
 */
export async function startStaticServer(
  files: Map<string, Replay>,
  kind: StaticServer["kind"] = "node-http",
): Promise<StaticServer> {
  if (kind === "nginx" && !fs.existsSync(NGINX)) throw new Error(`--baseline=nginx: ${NGINX} is not installed`);
  return kind === "nginx"
    ? startNginx(new Map([...files].map(([key, replay]) => [key, replay.body])))
    : startNodeHttp(files);
}

async function startNginx(files: Map<string, Buffer>): Promise<StaticServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const docroot = path.join(dir, "www");
  fs.mkdirSync(docroot);
  for (const [urlPath, body] of files) {
    // One file per URL with its query; `try_files` below maps "/short-videos" to "/short-videos.html" and
    // the order form's "/commander?offre=…&lang=en" to "commander?offre=…&lang=en.html" ($request_uri
    // keeps the query: $uri dropped it, so nginx answered 404 for the form and the bench never started).
    const file = path.join(docroot, `${urlPath === "/" ? "index" : urlPath.slice(1)}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, body, { mode: 0o644 });
  }
  // Workers may run as `nobody` when we are root: keep the tree readable.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(docroot, 0o755);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type text/html;
  server {
    listen 127.0.0.1:${port};
    root ${docroot};
    location = / { try_files /index.html =404; }
    location / { try_files $request_uri.html =404; }
  }
}
`,
  );
  const check = spawnSync(NGINX, ["-t", "-c", conf, "-p", dir], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}${files.keys().next().value}`, () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    return `nginx did not start: ${stderr}`;
  });
  return running("nginx", url, child, "SIGQUIT", () => fs.rmSync(dir, { recursive: true, force: true }));
}

/** Fallback: a bare Node `http` server in its own process, answering from memory. */
async function startNodeHttp(files: Map<string, Replay>): Promise<StaticServer> {
  const port = await freePort();
  const payload = JSON.stringify(
    Object.fromEntries([...files].map(([key, { body, headers }]) => [key, { body: body.toString("base64"), headers }])),
  );
  const script = `
    const http = require("node:http");
    const files = new Map(Object.entries(JSON.parse(process.env.BENCH_FILES)).map(([k, v]) => [k, { body: Buffer.from(v.body, "base64"), headers: v.headers.flat() }]));
    let id = 0;
    http.createServer({ keepAliveTimeout: 65000 }, (req, res) => {
      const file = files.get(req.url);
      if (!file) { res.statusCode = 404; res.end(); return; }
      res.writeHead(200, file.headers.concat("Content-Length", String(file.body.length), "X-Request-Id", (++id).toString(36)));
      res.end(file.body);
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", script], { stdio: "ignore", env: { BENCH_FILES: payload } });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}${files.keys().next().value}`, () => "static node server did not start");
  return running("node-http", url, child, "SIGTERM");
}

/** Polls `url` until it answers 200; `check` throws when the server died and says what to report on timeout. */
async function waitUntilServing(url: string, check: () => string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const failure = check();
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function running(
  kind: StaticServer["kind"],
  url: string,
  child: ChildProcess,
  signal: NodeJS.Signals,
  cleanup = () => {},
): StaticServer {
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null ? resolve() : child.once("exit", () => resolve()),
  );
  return {
    kind,
    url,
    pid: kind === "node-http" ? child.pid : undefined,
    async stop() {
      if (child.exitCode === null) child.kill(signal);
      await exited;
      cleanup();
    },
  };
}
