// `npm run bench`: builds, starts the production server (logging at info, as in production), and
// prints the five speed targets — each with its measured figure, its target and whether it
// holds — then other figures for information. Writes bench/results.json. Not part of `npm test`.
// Options: --only=marketing,form,bytes,lighthouse,orders,thankyou,orders-pg,cold
//          --duration=SECONDS (load runs, default 10)  --lighthouse-runs=N (3)
//          --orders=N (default 20000; RSS is compared after 2000 and after N)  --quick (5 s runs, 5000 orders, 1 Lighthouse run)
//          --baseline=nginx (compare pages with nginx serving the same bytes; default: a bare Node server)
//          --rounds=N (pairs of runs per page against the baseline, default 3; the median counts)
import "../scripts/require-node.js";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../tests/support/server.ts";
import { coldStart } from "./cold-start.ts";
import { runLighthouse, type LighthouseResult } from "./lighthouse.ts";
import { load, type LoadResult } from "./load.ts";
import { otherStatusesText } from "./order-load.ts";
import { sharedOrderThroughput } from "./orders-postgres.ts";
import { cpuMs, orderThroughput } from "./orders.ts";
import { pageBytes, type PageBytes } from "./page-bytes.ts";
import { paidThankYouPath } from "./paid-order.ts";
import { replayOf, startStaticServer } from "./static-baseline.ts";
import { PAGES, pagePath } from "../app/i18n/site-map.ts";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const quick = process.argv.includes("--quick");
const only = arg("only")?.split(",");
const want = (part: string) => !only || only.includes(part);
const duration = Number(arg("duration") ?? (quick ? 5 : 10));
const lighthouseRuns = Number(arg("lighthouse-runs") ?? (quick ? 1 : 3));
const orderCount = Number(arg("orders") ?? (quick ? 5_000 : 20_000));
const RSS_CHECKPOINT = 2_000;
const baselineKind = arg("baseline") === "nginx" ? "nginx" : "node-http";
const rounds = Number(arg("rounds") ?? (quick ? 1 : 3));

const HOME = "/";
const PRODUCT = "/short-videos";
const ORDER = "/commander?offre=test-workflow&lang=en";

interface Row {
  figure: string;
  measured: string;
  target: string;
  holds: boolean | null;
}
/** The five speed targets, in order; then everything else, for information. */
const targets: Row[] = [];
const info: Row[] = [];
const target = (figure: string, measured: string, goal: string, holds: boolean) =>
  targets.push({ figure, measured, target: goal, holds });
const row = (figure: string, measured: string) => info.push({ figure, measured, target: "—", holds: null });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (ratio: number) => `${Math.round(ratio * 100)} %`;
const log = (line: string) => process.stderr.write(`${line}\n`);
const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0;

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg(),
  },
  options: { duration, lighthouseRuns, orders: orderCount, quick },
};

log("building (npm run build)…");
const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
if (built.status !== 0) process.exit(1);

/**
 * The site against a bare Node server replaying the same bytes and headers, in `rounds` rounds of
 * one run each, the order swapped every round (site first, then the baseline first): on a shared
 * machine the load moves during a run, and a single pair of runs put the same build anywhere
 * between 70 % and 130 %. The round with the median ratio is the figure; every round is listed.
 * With each server's CPU time (user + system) per response during its run.
 */
async function versusBaseline(server: { url: string; process: { pid?: number } }, paths: string[]) {
  const replays = new Map(await Promise.all(paths.map(async (p) => [p, await replayOf(server.url + p)] as const)));
  const baseline = await startStaticServer(replays, baselineKind);
  const out: Record<
    string,
    {
      site: LoadResult;
      static: LoadResult;
      ratio: number;
      rounds: number[];
      cpuMsPerResponse: number;
      baselineCpuMs?: number;
    }
  > = {};
  // CPU per response of each server: steadier than req/s on a shared machine, where the ratio of two
  // ten-second runs moves with whatever else runs meanwhile.
  const perResponse = (pid: number, before: number, responses: number) =>
    Math.round(((cpuMs(pid) - before) / Math.max(1, responses)) * 1000) / 1000;
  const measure = async (url: string, pid: number | undefined) => {
    const before = pid ? cpuMs(pid) : 0;
    const result = await load(url, { duration });
    return { result, cpuMs: pid ? perResponse(pid, before, result.requests) : undefined };
  };
  try {
    for (const p of paths) {
      // Warm both (page cache fill, JIT) before measuring.
      await load(server.url + p, { duration: 1 });
      await load(baseline.url + p, { duration: 1 });
      log(`load ${p}: ${rounds} round(s) of site ${duration} s and ${baseline.kind} ${duration} s…`);
      const done = [];
      for (let round = 0; round < rounds; round++) {
        const siteRun = () => measure(server.url + p, server.process.pid);
        const baseRun = () => measure(baseline.url + p, baseline.pid);
        let site, stat;
        if (round % 2 === 0) {
          site = await siteRun();
          stat = await baseRun();
        } else {
          stat = await baseRun();
          site = await siteRun();
        }
        done.push({ site, stat, ratio: site.result.reqPerSec / stat.result.reqPerSec });
      }
      done.sort((a, b) => a.ratio - b.ratio);
      const median = done[Math.floor(done.length / 2)]!;
      out[p] = {
        site: median.site.result,
        static: median.stat.result,
        ratio: median.ratio,
        rounds: done.map((d) => Math.round(d.ratio * 100) / 100),
        cpuMsPerResponse: median.site.cpuMs!,
        baselineCpuMs: median.stat.cpuMs,
      };
      if (median.stat.cpuMs !== undefined)
        row(
          `${p}: server CPU per response, site vs ${baseline.kind}`,
          `${median.site.cpuMs} vs ${median.stat.cpuMs} ms`,
        );
      if (rounds > 1) row(`${p}: req/s ratio of each round`, done.map((d) => pct(d.ratio)).join(", "));
    }
  } finally {
    await baseline.stop();
  }
  return { kind: baseline.kind, runs: out };
}

const server = await startServer({ LOG_LEVEL: "info" }, { logToFile: true });
try {
  // 1. The order form against the same bytes replayed.
  if (want("form")) {
    const { kind, runs } = await versusBaseline(server, [ORDER]);
    const r = runs[ORDER]!;
    target(
      `1. order form GET (${ORDER}) req/s vs ${kind}; p99`,
      `${r.site.reqPerSec} vs ${r.static.reqPerSec} (${pct(r.ratio)}); p99 ${r.site.p99} ms`,
      "≥ 75 %; p99 ≤ 20 ms",
      r.ratio >= 0.75 && r.site.p99 <= 20 && clean(r.site),
    );
    // A React render of this page costs several milliseconds of CPU; the copy kept in memory
    // (server/render-cache.ts, its token filled per response) a fraction of one. Measured here, not in a test: a loaded machine slows every figure.
    info.push({
      figure: "order form: server CPU per page",
      measured: `${r.cpuMsPerResponse} ms`,
      target: "< 1 ms",
      holds: r.cpuMsPerResponse < 1,
    });
    results.form = { baseline: kind, connections: 50, durationSec: duration, ...r };
  }

  // 2. What the order page ships, and Lighthouse (mobile) on it; the marketing pages for information.
  let order: PageBytes | undefined;
  if (want("bytes")) {
    log("bytes…");
    const marketing: PageBytes[] = [];
    for (const page of PAGES) marketing.push(await pageBytes(server.url, pagePath(page, "en")));
    const heaviest = marketing.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
    const home = await pageBytes(server.url, HOME);
    const product = await pageBytes(server.url, PRODUCT);
    order = await pageBytes(server.url, ORDER);
    row("JS gzip, heaviest marketing page (all 18, en)", `${kb(heaviest.jsGzip)} (${heaviest.path})`);
    for (const [name, b] of [
      ["home", home],
      ["product", product],
      ["order", order],
    ] as const) {
      row(`${name} HTML raw / gzip, CSS gzip`, `${kb(b.htmlBytes)} / ${kb(b.htmlGzip)}, ${kb(b.cssGzip)}`);
    }
    results.bytes = { home, product, order, marketing };
  }
  if (want("lighthouse")) {
    const lh: Record<string, LighthouseResult> = {};
    for (const [name, p] of [
      ["order", ORDER],
      ["home", HOME],
      ["product", PRODUCT],
    ] as const) {
      log(`lighthouse ${name} (${lighthouseRuns} runs)…`);
      try {
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
        // Median of the runs (by performance score, then LCP): a shared 2-core machine is noisy.
        runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
        const r = runs[Math.floor(runs.length / 2)]!;
        lh[name] = { ...r, runs: runs.map(({ failing: _, ...rest }) => rest) } as LighthouseResult;
        row(
          `Lighthouse ${name}: perf / a11y / BP / SEO; LCP, CLS, TBT`,
          `${r.performance} / ${r.accessibility} / ${r.bestPractices} / ${r.seo}; ${r.lcpMs} ms, ${r.cls}, ${r.tbtMs} ms`,
        );
        if (r.failing.length) log(`  lighthouse ${name} lost points on: ${r.failing.join(", ")}`);
      } catch (error) {
        log(`  lighthouse ${name} failed: ${String(error)}`);
        row(`Lighthouse ${name}`, `failed: ${String(error).slice(0, 80)}`);
      }
    }
    results.lighthouse = lh;
  }
  if (want("bytes") || want("lighthouse")) {
    const lh = (results.lighthouse as Record<string, LighthouseResult> | undefined)?.order;
    const js = order ? kb(order.jsGzip) : "not measured";
    const perf = lh ? `perf ${lh.performance}, LCP ${lh.lcpMs} ms` : "Lighthouse not run";
    target(
      "2. order page: JS gzip; Lighthouse mobile perf, LCP",
      `${js}; ${perf}`,
      "≤ 15 KB; ≥ 98, ≤ 1200 ms",
      Boolean(order && lh && order.jsGzip <= 15 * 1024 && lh.performance >= 98 && lh.lcpMs <= 1200),
    );
  }

  // 3. Marketing pages served from memory against the same bytes replayed.
  if (want("marketing")) {
    const { kind, runs } = await versusBaseline(server, [HOME, PRODUCT]);
    const worst = Math.min(...Object.values(runs).map((r) => r.ratio));
    target(
      `3. marketing pages req/s vs ${kind} (${HOME}, ${PRODUCT})`,
      Object.entries(runs)
        .map(([p, r]) => `${p} ${r.site.reqPerSec} vs ${r.static.reqPerSec} (${pct(r.ratio)})`)
        .join("; "),
      "≥ 90 % each; p99 ≤ 20 ms",
      worst >= 0.9 && Object.values(runs).every((r) => clean(r.site) && r.site.p99 <= 20),
    );
    for (const [p, r] of Object.entries(runs))
      row(
        `${p} latency p50 / p99: site, ${kind}`,
        `${r.site.p50} / ${r.site.p99} ms, ${r.static.p50} / ${r.static.p99} ms`,
      );
    results.marketing = { baseline: kind, connections: 50, durationSec: duration, ...runs };
  }

  // 5. The thank-you page of a paid order (measured here, on the same server as the pages).
  if (want("thankyou")) {
    const thankYou = await paidThankYouPath(server.url);
    await load(server.url + thankYou, { duration: 1 });
    log(`load thank-you (paid order): ${duration} s…`);
    const r = await load(server.url + thankYou, { duration });
    target(
      "5. thank-you page of a paid order, req/s (p50 / p99)",
      `${r.reqPerSec} (${r.p50} / ${r.p99} ms)`,
      "≥ 1000",
      r.reqPerSec >= 1000 && clean(r),
    );
    results.thankYou = r;
  }
} finally {
  await server.stop();
}

// 4. Orders: their own server (no per-IP limit), 50 clients, every order stored once, memory levels off.
if (want("orders")) {
  log(`order throughput: ${orderCount} orders…`);
  const r = await orderThroughput({ orders: orderCount, checkpoint: RSS_CHECKPOINT });
  const others = otherStatusesText(r.otherStatuses);
  const growth = r.rssAfterMb - r.rssCheckpointMb;
  target(
    "4. orders/s, 50 clients, POST → 303 (sandbox, SQLite)",
    `${r.ordersPerSec} (${r.redirected} orders, ${r.stored} stored${others ? `; ${others}` : ""}); p50 / p99 ${r.p50} / ${r.p99} ms`,
    "≥ 500, every POST stored once",
    r.ordersPerSec >= 500 && r.stored === r.redirected && !others,
  );
  target(
    `4. server RSS after ${r.checkpoint} vs after ${r.orders} orders`,
    `${r.rssCheckpointMb} → ${r.rssAfterMb} MB (${growth >= 0 ? "+" : ""}${growth} MB; ${r.rssStartMb} MB before)`,
    `≤ 50 MB apart${r.orders < 20_000 ? " (target: after 20000)" : ""}`,
    Math.abs(growth) <= 50 && r.orders >= 20_000,
  );
  row(
    `server live heap (after a forced full GC) before vs after ${r.orders} orders: leak check`,
    `${r.liveHeapStartMb} → ${r.liveHeapAfterMb} MB; RSS after that GC ${r.rssAfterGcMb} MB`,
  );
  row("server CPU per order", `${r.cpuMsPerOrder} ms`);
  results.orders = r;
}

if (want("orders-pg")) {
  // Several instances on one PostgreSQL (DATABASE_URL): one, then two, same 50 clients.
  const shared: Record<string, unknown> = {};
  for (const instances of [1, 2]) {
    log(`order throughput, ${instances} instance(s) on one PostgreSQL: ${duration} s…`);
    const r = await sharedOrderThroughput(instances, duration);
    const others = otherStatusesText(r.otherStatuses);
    row(
      `orders/s, ${instances} instance${instances > 1 ? "s" : ""} on one PostgreSQL, 50 clients`,
      `${r.ordersPerSec} (${r.redirected} orders, ${r.stored} stored${others ? `; ${others}` : ""}), p50 / p99 ${r.p50} / ${r.p99} ms`,
    );
    shared[`instances${instances}`] = r;
  }
  results.ordersPostgres = shared;
}

if (want("cold")) {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await coldStart());
  const sorted = [...runs].sort((a, b) => a - b);
  row("cold start → first 200 /healthz (median of 5)", `${sorted[2]} ms (min ${sorted[0]}, max ${sorted[4]})`);
  results.coldStart = { runsMs: runs, medianMs: sorted[2] };
}

targets.sort((a, b) => a.figure.localeCompare(b.figure, "en", { numeric: true }));
results.targets = targets;
results.table = info;
const all = [...targets, ...info];
const widths = [0, 1, 2].map((i) => Math.max(...all.map((r) => [r.figure, r.measured, r.target][i]!.length), 10));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join(" | ")} |`;
const table = (rows: Row[]) => {
  console.log(line(["figure", "measured", "target", "holds"]));
  console.log(line(widths.map((w) => "-".repeat(w)).concat("-----")));
  for (const r of rows)
    console.log(line([r.figure, r.measured, r.target, r.holds === null ? "" : r.holds ? "yes" : "no"]));
};
console.log(
  `\nbench ${results.date as string} · ${os.availableParallelism()} cores · ${process.version} · load average ${os.loadavg()[0]!.toFixed(1)}${quick ? " · quick" : ""}`,
);
if (targets.length) {
  console.log("\nSpeed targets");
  table(targets);
}
if (info.length) {
  console.log("\nOther figures");
  table(info);
}
// Partial and quick runs are for development: they do not overwrite the committed full results.
const out = path.join(import.meta.dirname, only || quick ? "results.partial.json" : "results.json");
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwritten ${path.relative(root, out)}`);
