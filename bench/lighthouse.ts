import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface LighthouseResult {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits that lost points, for the report. */
  failing: string[];
}

/** Lighthouse's default (mobile, simulated throttling) run by its CLI under this Node, in Debian Chromium. */
export async function runLighthouse(url: string): Promise<LighthouseResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lh-"));
  const out = path.join(dir, "report.json");
  const flags = ("args" in chromiumLaunchOptions ? chromiumLaunchOptions.args : undefined) ?? [
    "--headless",
    "--no-sandbox",
  ];
  const args = [
    path.join(root, "node_modules/lighthouse/cli/index.js"),
    url,
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
    "--only-categories=performance,accessibility,best-practices,seo",
    `--chrome-flags=${flags.join(" ")}`,
  ];
  const env = {
    ...process.env,
    ...("executablePath" in chromiumLaunchOptions ? { CHROME_PATH: chromiumLaunchOptions.executablePath } : {}),
  };
  let stderr = "";
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("exit", resolve);
  });
  if (code !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed (${code}): ${stderr.slice(-2000)}`);
  const lhr = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(dir, { recursive: true, force: true });
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing: string[] = [];
  for (const category of Object.values(lhr.categories) as Array<{
    id: string;
    auditRefs: Array<{ id: string; weight: number }>;
  }>) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        failing.push(`${category.id}/${ref.id}=${audit.score}`);
    }
  }
  return {
    url,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    cls: Math.round(lhr.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    failing,
  };
}
