import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { rawRequest, type RawRequest, type RawResponse } from "../support/raw-http.ts";
import { ALL_PATHS, DYNAMIC_PATHS } from "../support/routes.ts";
import { settledLogs } from "../support/logs.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { storedState } from "../support/stored.ts";

// Malformed and hostile requests must get a 4xx (or a normal page), never a 5xx; the server stays up
// and stores nothing. Raw sockets, so the bytes reach the server exactly as written here.

// Bounded work, but a busy 2-core CI box can be several times slower than a quiet one.
vi.setConfig({ testTimeout: 180_000 });

let server: RunningServer;
let origin: string;
let cases = 0;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  origin = server.url;
});
afterAll(async () => {
  await server?.stop();
});

const FORM = "application/x-www-form-urlencoded";
/** Routes that take form posts (the order form and its language variants, the thank-you pages). */
const FORM_ROUTES = [
  "/commander",
  "/commander?offre=test-workflow",
  "/commander?offre=short-videos&lang=de",
  "/merci",
  "/thank-you?session_id=cs_test_x",
  "/quote",
  "/quote?offer=blog&lang=de",
];

/** Text of files the server must never serve, whatever the path says. */
const LEAKS = [/root:x:0:0/, /"name":\s*"automation-studio-site"/, /STRIPE_SECRET_KEY/, /from "react-router"/];

async function send(request: RawRequest, label: string): Promise<RawResponse> {
  cases++;
  const res = await rawRequest(server.port, request);
  const where = `${label}: ${request.method ?? "GET"} ${String(request.target).slice(0, 120)}`;
  expect(res.status, where).not.toBe(0);
  expect(res.status, where).toBeLessThan(500);
  const text = res.body.toString("latin1");
  for (const leak of LEAKS) expect(text, where).not.toMatch(leak);
  return res;
}

const sameOrigin = () => ({ Origin: origin, "Sec-Fetch-Site": "same-origin" });
const post = (
  target: string,
  body: string | Buffer,
  contentType?: string,
  extra: Record<string, string> = {},
): RawRequest => ({
  method: "POST",
  target,
  body,
  headers: { ...sameOrigin(), ...(contentType ? { "Content-Type": contentType } : {}), ...extra },
});

async function expectHealthy() {
  expect(server.process.exitCode, server.logs().slice(-2000)).toBeNull();
  const res = await fetch(`${origin}/healthz`);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

test("odd URLs and path traversal", async () => {
  const long = "a".repeat(7_000);
  const targets: Array<string | Buffer> = [
    "//x",
    "///",
    "//evil.example/path",
    "/%",
    "/%zz",
    "/%00",
    "/%C0%AF",
    "/%E2%82",
    "/%ff%fe",
    "/..%2f",
    "/..%2f..%2f..%2fetc%2fpasswd",
    "/../../../etc/passwd",
    "/..",
    "/.",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/assets/..%2f..%2fpackage.json",
    "/assets/../../package.json",
    "/assets/%2e%2e/%2e%2e/server/index.ts",
    "/public/../server/index.ts",
    "/.env",
    "/.git/config",
    "/build/server/index.js",
    "/node_modules/react/package.json",
    "/package.json",
    "/server/index.ts",
    "/%5c..%5c..%5cpackage.json",
    "/\\..\\..\\package.json",
    "/assets/",
    "/assets",
    "/short-videos/xx",
    "/short-videos/../commander",
    "/short-videos/",
    "/short-videos//",
    "/short-videos/en/",
    "/short-videos/en/extra",
    "/EN",
    "/Short-Videos",
    `/${long}`,
    `/commander?offre=${long}`,
    `/?${"x=1&".repeat(2_000)}`,
    Buffer.from("/café", "utf8"),
    Buffer.from([0x2f, 0xc3, 0x28]),
    Buffer.from([0x2f, 0xff]),
    "/%E2%82%AC",
    "/日本語",
    "/?lang=xx",
    "/?lang=",
    "/?lang=en&lang=fr",
    "/commander?offre=unknown",
    "/commander?offre=",
    "/commander?offre[]=a&offre[]=b",
    "/commander?offre=test-workflow&lang=zz",
    "/commander?lang=%3Cscript%3E",
    "/commander?offre=%00",
    "/commander?offre=test-workflow%00",
    "/commander?offre=../../etc/passwd",
    "/merci?session_id=../../x",
    `/merci?session_id=${"cs_".padEnd(5_000, "z")}`,
    "/thank-you?session_id=%00",
    "/gracias?session_id=%FF",
    "/sitemap.xml/..",
    "/robots.txt?x=%",
    "/healthz/../healthz",
    "*",
    "http://evil.example/",
    "http://127.0.0.1/commander",
    "/enhance.js?x=%",
    "/favicon.svg/",
    "/?%",
  ];
  for (const target of targets) {
    const res = await send({ target }, "url");
    // Nothing outside build/client is served.
    const text = String(target);
    if (/package\.json|server\/index|\.env|\.git|passwd/.test(text.split("?")[0]!))
      expect(res.status, text).toBeGreaterThanOrEqual(400);
  }
  // Requests whose line or headers are too long must be refused, not crash anything.
  for (const size of [20_000, 100_000]) {
    const res = await send({ target: `/${"b".repeat(size)}` }, "huge url");
    expect(res.status).toBeGreaterThanOrEqual(400);
  }
  for (const method of ["HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "PATCH", "PROPFIND", "FOO", "get"]) {
    await send({ method, target: "/", headers: sameOrigin() }, "method");
    await send({ method, target: "/commander?offre=test-workflow", headers: sameOrigin() }, "method");
  }
  await expectHealthy();
});

test("odd headers", async () => {
  const headerCases: Array<Record<string, string | string[]>> = [
    { "Accept-Language": "*;q=abc, zz-ZZ;q=2, ;;;, en;q=-1" },
    { "Accept-Language": "x".repeat(8_000) },
    { "Accept-Language": "ÿÿ" },
    { Cookie: "lang=%E0%A4%A" },
    { Cookie: "lang=xx; lang=de; lang=" },
    { Cookie: "=; ;; lang" },
    { Cookie: "c".repeat(30_000) },
    { "Accept-Encoding": "br;q=0, gzip;q=0, identity;q=0" },
    { "Accept-Encoding": "x".repeat(5_000) },
    { "If-None-Match": "*" },
    { "If-None-Match": '"x", W/"y"' },
    { Range: "bytes=999999-" },
    { Range: "bytes=-1, 0-0, 5-2" },
    { "X-Forwarded-Proto": "https, http" },
    { "X-Forwarded-For": "not-an-ip, ::1, 999.1.1.1" },
    { Host: "" },
    { Host: "evil.example" },
    { Host: "127.0.0.1:1:2" },
    { Host: "a b" },
    { Host: "[" },
    { Host: "%" },
    { Host: "x:abc" },
    { Host: "a/b@c?d#e" },
    { Host: ["a.example", "b.example"] },
    { "X-Forwarded-Host": "[", "X-Forwarded-Proto": "gopher" },
    { "Content-Length": "5" },
    { "Transfer-Encoding": "chunked" },
  ];
  for (const headers of headerCases) {
    for (const target of ["/", "/short-videos/de", "/commander?offre=test-workflow", "/assets/missing.js"]) {
      await send(
        {
          target,
          headers,
          noContentLength: true,
          body: headers["Content-Length"] ? "12345" : headers["Transfer-Encoding"] ? "0\r\n\r\n" : undefined,
        },
        "header",
      );
    }
  }
  await expectHealthy();
});

test("malformed bodies, huge fields, 10,000 fields, invalid UTF-8, wrong content types", async () => {
  const bodies: Array<[string, string | Buffer, string | undefined]> = [
    ["empty form", "", FORM],
    ["no content type", "offre=test-workflow&email=a%40b.c", undefined],
    ["bad escapes", "%%%&a=%ZZ&=&&=x&%", FORM],
    ["only separators", "&&&&====&&&", FORM],
    ["invalid utf-8 escapes", "name=%FF%FE&email=%C3%28%40x.y&offre=%E2%82", FORM],
    [
      "invalid utf-8 raw",
      Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0x26, 0x6f, 0x3d, 0x80]),
      FORM,
    ],
    ["nul bytes", "name=a%00b&email=%00@x.y&offre=test-workflow%00", FORM],
    ["unknown offer", "offre=does-not-exist&email=a%40example.com&name=A&lang=en", FORM],
    ["unknown language", "offre=test-workflow&email=a%40example.com&name=A&lang=xx", FORM],
    ["traversal in fields", "offre=..%2F..%2Fetc%2Fpasswd&lang=..%2F..&email=a%40example.com", FORM],
    ["repeated fields", "offre=test-workflow&offre=veo3&lang=en&lang=fr&email=a@b.c&email=c@d.e", FORM],
    ["array-like names", "offre[]=x&email[a][b]=c&__proto__[x]=1&constructor[prototype][x]=1", FORM],
    ["huge field", `name=${"A".repeat(60_000)}&offre=test-workflow&email=a%40example.com`, FORM],
    ["huge email", `email=${"a".repeat(30_000)}%40example.com&offre=test-workflow`, FORM],
    [
      "10,000 fields",
      Array.from({ length: 10_000 }, (_, i) => `f${i}=1`)
        .join("&")
        .slice(0, 60_000),
      FORM,
    ],
    ["10,000 empty fields", "x=&".repeat(10_000), FORM],
    ["json to a form route", JSON.stringify({ offre: "test-workflow", email: "a@example.com" }), "application/json"],
    ["broken json", '{"offre": "test-workflow", ', "application/json"],
    ["text/plain", "offre=test-workflow", "text/plain"],
    ["xml", "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>", "application/xml"],
    [
      "multipart without boundary",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      "multipart/form-data",
    ],
    [
      "multipart bad boundary",
      '--y\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--y--',
      "multipart/form-data; boundary=x",
    ],
    [
      "multipart truncated",
      '--x\r\nContent-Disposition: form-data; name="offre"\r\n\r\ntest-wor',
      "multipart/form-data; boundary=x",
    ],
    [
      "multipart file",
      '--x\r\nContent-Disposition: form-data; name="f"; filename="../../a.sh"\r\nContent-Type: application/x-sh\r\n\r\nrm -rf /\r\n--x--\r\n',
      "multipart/form-data; boundary=x",
    ],
    ["utf-16 charset", Buffer.from("offre=test-workflow", "utf16le"), `${FORM}; charset=utf-16`],
    ["garbage content type", "a=b", "\u0000/\u0000"],
    ["binary", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)), "application/octet-stream"],
  ];
  for (const route of FORM_ROUTES) {
    for (const [label, body, type] of bodies) await send(post(route, body, type), `body ${label}`);
  }
  // Framing: too large, chunked without length, lying Content-Length, negative length.
  const big = await send(post("/commander", `a=${"x".repeat(70_000)}`, FORM), "body over limit");
  expect(big.status).toBe(413);
  await send(
    {
      ...post("/commander", "5\r\na=b&c\r\n0\r\n\r\n", FORM, { "Transfer-Encoding": "chunked" }),
      noContentLength: true,
    },
    "chunked",
  );
  await send(
    { ...post("/commander", "a=b", FORM, { "Content-Length": "-1" }), noContentLength: true },
    "negative length",
  );
  await send(
    { ...post("/commander", "a=b", FORM, { "Content-Length": "3, 4" }), noContentLength: true },
    "two lengths",
  );
  await send(
    { ...post("/commander", "a=b", FORM, { "Content-Length": "abc" }), noContentLength: true },
    "non-numeric length",
  );
  await expectHealthy();
});

test("cross-origin POSTs at every route are refused", async () => {
  const routes = [...ALL_PATHS(), ...FORM_ROUTES];
  const attackers: Array<Record<string, string>> = [
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
    { Origin: "not a url" },
    { Origin: `${origin}.evil.example` },
  ];
  for (const route of routes) {
    for (const headers of attackers) {
      const res = await send(
        {
          method: "POST",
          target: route,
          body: "offre=test-workflow&email=a%40example.com",
          headers: { ...headers, "Content-Type": FORM },
        },
        "cross-origin",
      );
      expect(res.status, `${JSON.stringify(headers)} POST ${route}`).toBe(403);
    }
  }
  await expectHealthy();
});

/** mulberry32: a tiny seeded generator, so a failure replays exactly. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("seeded fuzzer (seed 20261123, 400 requests)", async () => {
  const random = prng(20261123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (max: number) => Math.floor(random() * max);
  const paths = [...ALL_PATHS(), ...FORM_ROUTES, ...DYNAMIC_PATHS];
  const fieldNames = [
    "offre",
    "offer",
    "lang",
    "email",
    "name",
    "company",
    "message",
    "phone",
    "website",
    "intent",
    "_action",
    "consent",
    "session_id",
    "",
  ];
  const pieces = [
    "..",
    "%2f",
    "%",
    "%00",
    "%ff",
    "/",
    "//",
    "?",
    "&",
    "=",
    "#",
    "é",
    "日",
    "\u202e",
    "<script>",
    "'",
    '"',
    ";",
    "\\",
    "%u0041",
    "~",
    "*",
  ];
  const randomText = (max: number) => {
    let text = "";
    const n = int(max);
    for (let i = 0; i < n; i++) text += random() < 0.3 ? pick(pieces) : String.fromCharCode(32 + int(95));
    return text;
  };
  const mutatePath = (p: string) => {
    const chars = [...p];
    const n = 1 + int(3);
    for (let i = 0; i < n; i++) chars.splice(int(chars.length + 1), random() < 0.3 ? 1 : 0, pick(pieces));
    const joined = chars.join("");
    // Bytes on the request line: keep them printable ASCII except a deliberate raw non-ASCII share.
    return random() < 0.1 ? Buffer.from(joined, "utf8") : joined.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
  };
  for (let i = 0; i < 400; i++) {
    const method = pick(["GET", "GET", "POST", "POST", "HEAD", "PUT"]);
    const base = pick(paths);
    const target = random() < 0.6 ? mutatePath(base) : base;
    const headers: Record<string, string> = random() < 0.85 ? sameOrigin() : { Origin: "https://evil.example" };
    if (random() < 0.3) headers["Accept-Language"] = randomText(40).replace(/[^\x20-\x7e]/g, "");
    if (random() < 0.2) headers.Cookie = `lang=${randomText(10).replace(/[^\x21-\x7e]|;/g, "")}`;
    let body: string | Buffer | undefined;
    if (method !== "GET" && method !== "HEAD") {
      const kind = int(4);
      if (kind === 0) body = Buffer.from(Array.from({ length: int(3000) }, () => int(256)));
      else if (kind === 1) body = JSON.stringify({ [pick(fieldNames)]: randomText(50) });
      else {
        const n = kind === 3 ? int(3000) : int(12);
        body = Array.from(
          { length: n },
          () =>
            `${encodeURIComponent(pick(fieldNames))}=${random() < 0.5 ? encodeURIComponent(randomText(60)) : randomText(20)}`,
        ).join("&");
      }
      headers["Content-Type"] = pick([
        FORM,
        FORM,
        "application/json",
        "text/plain",
        "multipart/form-data; boundary=zz",
        `${FORM}; charset=latin1`,
      ]);
    }
    await send({ method, target, headers, body }, `fuzz #${i}`);
  }
  await expectHealthy();
});

test("the server survived, logged no 5xx and stored nothing", async () => {
  await expectHealthy();
  const logs = await settledLogs(server);
  expect(logs, "a request ended with a 5xx").not.toMatch(/"status":5\d\d/);
  expect(
    logs
      .split("\n")
      .filter((line) => line.includes('"level":"error"'))
      .slice(0, 5),
  ).toEqual([]);
  const stored = storedState(server.dataDir);
  expect(stored.orders, `orders stored from rejected requests (${stored.tables.join(", ")})`).toBe(0);
  expect(stored.emails).toBe(0);
  console.log(`bad input: ${cases} cases, no 5xx, nothing stored`);
});
