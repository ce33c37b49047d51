// What the container image ships and runs. No Docker engine runs here
// (FACTS.md), so the tests read the Dockerfile and run its commands as the container would.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.js";
import { freePort, tempDataDir } from "../support/server.ts";
import { watchProcess } from "../support/watchdog.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

/** A Dockerfile instruction's command as argv: exec form (JSON) or shell form (through sh -c). */
function commandOf(instruction: string): string[] {
  const line = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .find((l) => l.startsWith(`${instruction} `));
  if (!line) throw new Error(`no ${instruction} in the Dockerfile`);
  const command = line.slice(line.indexOf("CMD ") + 4).trim();
  return command.startsWith("[") ? (JSON.parse(command) as string[]) : ["sh", "-c", command];
}

/** `node server/index.js` started as the container's CMD starts it; resolves once /healthz answers on `host`. */
async function startAsContainer(host: string) {
  const port = await freePort();
  const [, ...args] = commandOf("CMD");
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: host,
      PORT: String(port),
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const watchdog = watchProcess(child.pid!);
  child.once("exit", () => watchdog.cancel());
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  stops.push(async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  });
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`http://${host}:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null || tries > 1200) throw new Error(`server did not start on ${host}:${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, pid: child.pid! };
}

describe("the container image", () => {
  test("HEALTHCHECK asks the address the server listens on, also when HOST is not 127.0.0.1", async () => {
    const healthcheck = commandOf("HEALTHCHECK");
    // Loopback but not 127.0.0.1: the server listens there only, as on HOST=10.0.0.5.
    const { port } = await startAsContainer("127.0.0.2");
    const run = (env: Record<string, string>) =>
      spawnSync(healthcheck[0] === "node" ? process.execPath : healthcheck[0]!, healthcheck.slice(1), {
        cwd: root,
        env: { PATH: process.env.PATH, ...env },
        timeout: 20_000,
      }).status;
    expect(run({ HOST: "127.0.0.2", PORT: String(port) })).toBe(0);
    // And it still says "unhealthy" when nothing answers.
    expect(run({ HOST: "127.0.0.2", PORT: String(await freePort()) })).toBe(1);
  }, 300_000);

  test("the server's V8 flags are written once (scripts/server-flags.js) and the container's plain CMD runs with them", async () => {
    for (const flag of SERVER_NODE_FLAGS) expect(dockerfile).not.toContain(flag.split("=")[0]);
    expect(commandOf("CMD")).toEqual(["node", "server/index.js"]);
    const { pid } = await startAsContainer("127.0.0.1");
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    for (const flag of SERVER_NODE_FLAGS) expect(argv.filter((arg) => arg === flag)).toHaveLength(1);
  }, 300_000);

  test("the image ships operator scripts only: none imports tests/, tools/ or a development dependency", () => {
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/scripts \.\/scripts$/m);
    expect(dockerfile).not.toMatch(/\/app\/tools|\/app\/tests/);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    const dev = new Set(Object.keys(pkg.devDependencies));
    const dockerignore = fs.readFileSync(path.join(root, ".dockerignore"), "utf8");
    expect(dockerignore).toMatch(/^\*\*\/\*\.test\.ts$/m);
    const shipped = fs.readdirSync(path.join(root, "scripts")).filter((name) => !name.endsWith(".test.ts"));
    const problems: string[] = [];
    for (const name of shipped) {
      const text = fs.readFileSync(path.join(root, "scripts", name), "utf8");
      for (const [, specifier] of text.matchAll(/(?:import|from)\s*\(?\s*["']([^"']+)["']/g)) {
        const bare = specifier!.startsWith("@")
          ? specifier!.split("/").slice(0, 2).join("/")
          : specifier!.split("/")[0]!;
        if (/^\.\.\/(tests|tools|bench)\//.test(specifier!) || dev.has(bare))
          problems.push(`scripts/${name} imports ${specifier}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("Renovate groups dependency updates weekly", () => {
    const config = JSON.parse(fs.readFileSync(path.join(root, "renovate.json"), "utf8")) as {
      schedule: string[];
      packageRules: Array<{ groupName?: string; matchPackageNames?: string[] }>;
    };
    // One weekday (Monday) in a cron schedule: once a week.
    expect(config.schedule).toEqual([expect.stringMatching(/^\* [\d-]+ \* \* 1$/)]);
    const groups = config.packageRules.filter((rule) => rule.groupName);
    expect(groups.find((rule) => rule.matchPackageNames?.includes("react-router"))?.matchPackageNames).toContain(
      "@react-router/**",
    );
    expect(groups.length).toBeGreaterThanOrEqual(2);
  });
});
