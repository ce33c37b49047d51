import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, test } from "vitest";

// A test run that is killed outright (SIGKILL: a CI time limit, an out-of-memory kill) never runs
// its afterAll hooks, yet leaves no PostgreSQL, no site server and no S3 server's bucket behind
// (tests/support/watchdog.ts). A child Node plays the killed test process: it starts a PostgreSQL,
// an s3rver and the built server on both (as the delivery spec's second run does) through the
// support modules every test uses, says their pids, and is killed with SIGKILL.

const support = (file: string) => pathToFileURL(path.resolve(import.meta.dirname, "../support", file)).href;
const CHILD = `
const { startPostgres } = await import(${JSON.stringify(support("postgres.ts"))});
const { startServer } = await import(${JSON.stringify(support("server.ts"))});
const { startS3Server } = await import(${JSON.stringify(support("s3-server.ts"))});
const postgres = await startPostgres();
const s3 = await startS3Server();
const site = await startServer({ LOG_LEVEL: "silent", DATABASE_URL: await postgres.createDatabase(), ...s3.env });
console.log(JSON.stringify({ postgres: postgres.pid, dir: postgres.dir, site: site.process.pid, s3: s3.endpoint, bucketDir: s3.directory }));
setInterval(() => {}, 300_000);
`;

/** Running: a zombie (dead, not yet reaped by whichever process adopted it) counts as gone. */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** The running processes whose command line names `text` (Linux's /proc), as "pid: command line". */
function processesNaming(text: string): string[] {
  return fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry) || !alive(Number(entry))) return [];
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      return command.includes(text) ? [`${entry}: ${command}`] : [];
    } catch {
      return [];
    }
  });
}

/** PostgreSQL servers running on the cluster in `dir` (the postmaster is `postgres -D dir/data …`). */
const postgresOf = (dir: string) => processesNaming(dir).filter((line) => /^\d+: \S*\bpostgres /.test(line));

interface Started {
  postgres: number;
  dir: string;
  site: number;
  s3: string;
  bucketDir: string;
}
let started: Started | undefined;
afterEach(() => {
  // Should the watchdogs fail, this test cleans up after itself rather than leak what it proves.
  if (started && alive(started.postgres)) process.kill(started.postgres, "SIGQUIT");
  if (started && alive(started.site)) process.kill(started.site, "SIGKILL");
});

test("a test process killed with SIGKILL leaves no PostgreSQL, no site server and no S3 bucket behind", async () => {
  const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const run = await new Promise<Started>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]!));
    });
    child.once("exit", (code) =>
      reject(new Error(`the child exited (${code}) before starting both servers:\n${stderr}`)),
    );
  });
  started = run;
  expect(alive(run.postgres) && alive(run.site)).toBe(true);
  expect(postgresOf(run.dir)).toHaveLength(1);
  expect(fs.existsSync(run.bucketDir)).toBe(true);
  expect((await fetch(run.s3)).status).toBe(200);

  child.kill("SIGKILL");
  // Behaviour, not speed: the watchdogs look every second; a loaded machine may take many more.
  const deadline = Date.now() + 60_000;
  while ((alive(run.postgres) || alive(run.site) || postgresOf(run.dir).length > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(postgresOf(run.dir), "PostgreSQL servers of the killed test").toEqual([]);
  expect(alive(run.postgres), "the postmaster").toBe(false);
  expect(alive(run.site), "the site server").toBe(false);
  // The throwaway cluster goes with its server, and the watchdogs with their work done.
  const gone = Date.now() + 30_000;
  while ((fs.existsSync(run.dir) || processesNaming(run.dir).length > 0) && Date.now() < gone)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(fs.existsSync(run.dir), run.dir).toBe(false);
  expect(processesNaming(run.dir)).toEqual([]);
  // s3rver ran inside the killed process: it is gone with it, and its bucket's directory after it.
  while (fs.existsSync(run.bucketDir) && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(fs.existsSync(run.bucketDir), run.bucketDir).toBe(false);
  expect(
    await fetch(run.s3).then(
      () => "answered",
      () => "gone",
    ),
  ).toBe("gone");
});
