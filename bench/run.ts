// `npm run bench`: builds, starts the production server, measures every figure of issue 6 side by side
// with its baseline, prints a table and writes bench/results.json. Not part of `npm test`.
// Options: --only=load,bytes,lighthouse,orders,orders-pg,cold  --duration=SECONDS (default 10)  --lighthouse-runs=N (3)
import "../scripts/require-node.js";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../tests/support/server.ts";
import { coldStart } from "./cold-start.ts";
import { runLighthouse, type LighthouseResult } from "./lighthouse.ts";
import { load, type LoadResult } from "./load.ts";
import { sharedOrderThroughput } from "./orders-postgres.ts";
import { orderThroughput, ordersLanded } from "./orders.ts";
import { pageBytes, type PageBytes } from "./page-bytes.ts";
import { startStaticServer } from "./static-baseline.ts";
import { PAGES, pagePath } from "../app/i18n/site-map.ts";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const only = arg("only")?.split(",");
const want = (part: string) => !only || only.includes(part);
const duration = Number(arg("duration") ?? 10);
const lighthouseRuns = Number(arg("lighthouse-runs") ?? 3);

const HOME = "/";
const PRODUCT = "/short-videos";
const ORDER = "/commander?offre=test-workflow";

interface Row {
  figure: string;
  measured: string;
  target: string;
  holds: boolean | null;
}
const rows: Row[] = [];
const row = (figure: string, measured: string, target = "—", holds: boolean | null = null) => rows.push({ figure, measured, target, holds });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const log = (line: string) => process.stderr.write(`${line}\n`);

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model, node: process.version, platform: `${os.platform()} ${os.release()}` },
};

log("building (npm run build)…");
const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
if (built.status !== 0) process.exit(1);

const server = await startServer({ LOG_LEVEL: "silent" });
try {
  if (want("load")) {
    const bodies = new Map<string, Buffer>();
    for (const p of [HOME, PRODUCT]) bodies.set(p, Buffer.from(await (await fetch(server.url + p)).arrayBuffer()));
    const baseline = await startStaticServer(bodies);
    const load_: Record<string, { ssr: LoadResult; static: LoadResult }> = {};
    try {
      for (const [name, p] of [["home", HOME], ["product", PRODUCT]] as const) {
        // Warm both (page cache fill, JIT) before measuring.
        await load(server.url + p, { duration: 1 });
        await load(baseline.url + p, { duration: 1 });
        log(`load ${name}: SSR ${duration} s…`);
        const ssr = await load(server.url + p, { duration });
        log(`load ${name}: ${baseline.kind} ${duration} s…`);
        const stat = await load(baseline.url + p, { duration });
        load_[name] = { ssr, static: stat };
        const ratio = ssr.reqPerSec / stat.reqPerSec;
        row(`${name} (${p}) SSR req/s vs ${baseline.kind}`, `${ssr.reqPerSec} vs ${stat.reqPerSec} (${Math.round(ratio * 100)} %)`, "≥ 50 %", ratio >= 0.5 && ssr.non2xx === 0 && ssr.errors === 0);
        row(`${name} SSR latency p50 / p99`, `${ssr.p50} / ${ssr.p99} ms`, "p99 ≤ 50 ms", ssr.p99 <= 50);
        row(`${name} ${baseline.kind} latency p50 / p99`, `${stat.p50} / ${stat.p99} ms`);
      }
    } finally {
      await baseline.stop();
    }
    await load(server.url + ORDER, { duration: 1 });
    log(`load dynamic ${ORDER}: ${duration} s…`);
    const dynamic = await load(server.url + ORDER, { duration });
    row(`dynamic (${ORDER}) req/s, p50 / p99`, `${dynamic.reqPerSec}, ${dynamic.p50} / ${dynamic.p99} ms${dynamic.non2xx ? `, ${dynamic.non2xx} non-2xx` : ""}`, "info");
    results.load = { baseline: baseline.kind, connections: 50, durationSec: duration, ...load_, dynamic };
  }

  if (want("bytes")) {
    log("bytes…");
    const marketing: PageBytes[] = [];
    for (const page of PAGES) marketing.push(await pageBytes(server.url, pagePath(page, "en")));
    const heaviest = marketing.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
    const home = await pageBytes(server.url, HOME);
    const product = await pageBytes(server.url, PRODUCT);
    const order = await pageBytes(server.url, ORDER);
    row("JS gzip, heaviest marketing page (all 18, en)", `${kb(heaviest.jsGzip)} (${heaviest.path})`, "≤ 30 KB", heaviest.jsGzip <= 30 * 1024);
    row("JS gzip, order page", kb(order.jsGzip), "≤ 150 KB", order.jsGzip <= 150 * 1024);
    for (const [name, b] of [["home", home], ["product", product], ["order", order]] as const) {
      row(`${name} HTML raw / gzip, CSS gzip`, `${kb(b.htmlBytes)} / ${kb(b.htmlGzip)}, ${kb(b.cssGzip)}`, "info");
    }
    results.bytes = { home, product, order, marketing };
  }

  if (want("lighthouse")) {
    const lh: Record<string, LighthouseResult> = {};
    for (const [name, p] of [["home", HOME], ["product", PRODUCT], ["order", ORDER]] as const) {
      log(`lighthouse ${name} (${lighthouseRuns} runs)…`);
      try {
        // Median of several runs (by performance score, then LCP): a shared 2-core machine is noisy.
        // The page cache fills on the first request: measure the steady state, as visitors get it.
        for (let i = 0; i < 2; i++) await (await fetch(server.url + p)).arrayBuffer();
        const runs: LighthouseResult[] = [];
        for (let i = 0; i < lighthouseRuns; i++) {
          // A run can fail on a busy machine (protocol timeouts): try once more before giving up.
          try {
            runs.push(await runLighthouse(server.url + p));
          } catch (error) {
            log(`  lighthouse ${name} run ${i + 1} failed, retrying: ${String(error).slice(0, 500)}`);
            runs.push(await runLighthouse(server.url + p));
          }
        }
        runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
        const r = runs[Math.floor(runs.length / 2)]!;
        lh[name] = { ...r, runs: runs.map(({ failing: _, ...rest }) => rest) } as LighthouseResult;
        const scoresHold = r.performance >= 98 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100;
        row(`Lighthouse ${name}: perf / a11y / BP / SEO`, `${r.performance} / ${r.accessibility} / ${r.bestPractices} / ${r.seo}`, "≥ 98 / 100 / 100 / 100", scoresHold);
        row(`Lighthouse ${name}: LCP, CLS, TBT`, `${r.lcpMs} ms, ${r.cls}, ${r.tbtMs} ms`, "≤ 1200 ms, 0, ≤ 50 ms", r.lcpMs <= 1200 && r.cls === 0 && r.tbtMs <= 50);
        if (r.failing.length) log(`  lighthouse ${name} lost points on: ${r.failing.join(", ")}`);
      } catch (error) {
        log(`  lighthouse ${name} failed: ${String(error)}`);
        row(`Lighthouse ${name}`, `failed: ${String(error).slice(0, 80)}`, "runs", false);
      }
    }
    results.lighthouse = lh;
  }
} finally {
  await server.stop();
}

if (want("orders")) {
  if (!ordersLanded()) {
    row("orders/s, 50 clients, POST → sandbox", "n/a (orders not landed)", "info");
    results.orders = null;
  } else {
    log(`order throughput: ${duration} s…`);
    const r = await orderThroughput(duration);
    if (r) {
      const others = Object.entries(r.otherStatuses).map(([k, v]) => `${v}× ${k}`).join(", ");
      row(
        "orders/s, 50 clients, POST → 303 sandbox",
        `${r.ordersPerSec} (${r.redirected} orders, ${r.stored} stored${others ? `; ${others}` : ""}), p50 / p99 ${r.p50} / ${r.p99} ms`,
        "every POST stored once",
        r.stored === r.redirected && !others,
      );
      row("server RSS before / after the order load", `${r.rssBeforeMb} / ${r.rssAfterMb} MB`, "info");
    }
    results.orders = r;
  }
}

if (want("orders-pg")) {
  // Several instances on one PostgreSQL (DATABASE_URL): one, then two, same 50 clients.
  const shared: Record<string, unknown> = {};
  for (const instances of [1, 2]) {
    log(`order throughput, ${instances} instance(s) on one PostgreSQL: ${duration} s…`);
    const r = await sharedOrderThroughput(instances, duration);
    const others = Object.entries(r.otherStatuses).map(([k, v]) => `${v}× ${k}`).join(", ");
    row(
      `orders/s, ${instances} instance${instances > 1 ? "s" : ""} on one PostgreSQL, 50 clients`,
      `${r.ordersPerSec} (${r.redirected} orders, ${r.stored} stored${others ? `; ${others}` : ""}), p50 / p99 ${r.p50} / ${r.p99} ms`,
      "every POST stored once",
      r.stored === r.redirected && !others,
    );
    shared[`instances${instances}`] = r;
  }
  results.ordersPostgres = shared;
}

if (want("cold")) {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await coldStart());
  const sorted = [...runs].sort((a, b) => a - b);
  row("cold start → first 200 /healthz (median of 5)", `${sorted[2]} ms (min ${sorted[0]}, max ${sorted[4]})`, "info");
  results.coldStart = { runsMs: runs, medianMs: sorted[2] };
}

results.table = rows;
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => [r.figure, r.measured, r.target][i]!.length), 10));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join(" | ")} |`;
console.log(`\nbench ${results.date as string} · ${os.availableParallelism()} cores · ${process.version}`);
console.log(line(["figure", "measured", "target", "holds"]));
console.log(line(widths.map((w) => "-".repeat(w)).concat("-----")));
for (const r of rows) console.log(line([r.figure, r.measured, r.target, r.holds === null ? "" : r.holds ? "yes" : "no"]));
// Partial runs (--only) are for development: they do not overwrite the committed full results.
const out = path.join(import.meta.dirname, only ? "results.partial.json" : "results.json");
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwritten ${path.relative(root, out)}`);
