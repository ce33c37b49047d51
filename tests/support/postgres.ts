import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server.ts";
import { shellWord, watchServer } from "./watchdog.ts";

/**
 * A throwaway PostgreSQL server for one test file: a fresh cluster in a temp directory on a free
 * loopback port, trust auth, fsync off. Debian's PostgreSQL (`initdb`, `pg_ctl`); as root it runs
 * as the `postgres` user, since PostgreSQL refuses root. Missing binaries are an error, never a
 * skip: CI must not pass without having run the PostgreSQL tests. It stops with the process that
 * started it, even one killed by SIGKILL (tests/support/watchdog.ts).
 */
export interface TestPostgres {
  port: number;
  /** The server's main process (the postmaster). */
  pid: number;
  /** The temp directory holding the cluster (data/), its socket and log; removed at stop. */
  dir: string;
  /** A new empty database; returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

function binDir(): string {
  const candidates = [
    process.env.PG_BIN,
    ...(fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
    "/usr/local/bin",
    "/usr/bin",
  ];
  const found = candidates.find(
    (dir) => dir && fs.existsSync(path.join(dir, "pg_ctl")) && fs.existsSync(path.join(dir, "initdb")),
  );
  if (!found)
    throw new Error(
      "PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install -y postgresql, or set PG_BIN",
    );
  return found;
}

const isRoot = process.getuid?.() === 0;

function asServerUser(bin: string, args: string[]) {
  const command = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(command[0] as string, command[1] as string[], { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout || result.error}`,
    );
}

let counter = 0;

/** `port`: where it listens (a free one by default), e.g. the address a server was already given while nothing answered there. */
export async function startPostgres({ port: wanted }: { port?: number } = {}): Promise<TestPostgres> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-pg-"));
  const data = path.join(dir, "data");
  if (isRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  asServerUser(path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  const port = wanted ?? (await freePort());
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asServerUser(path.join(bin, "pg_ctl"), [
    "-D",
    data,
    "-w",
    "-t",
    "60",
    "-l",
    path.join(dir, "log"),
    "-o",
    options,
    "start",
  ]);
  // pg_ctl's server runs in a session of its own, so nothing stops it when this process dies: the
  // watchdog does, with SIGQUIT (pg_ctl's "immediate" mode: the data is a throwaway), then removes
  // the cluster's directory once the server is gone.
  const postmaster = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const watchdog = watchServer(
    postmaster,
    `kill -QUIT ${postmaster}; while kill -0 ${postmaster} 2>/dev/null; do sleep 0.2; done; rm -rf ${shellWord(dir)}`,
  );
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    pid: postmaster,
    dir,
    async createDatabase(name = `site_${process.pid}_${++counter}`) {
      const client = new pg.Client(admin);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      watchdog.cancel();
      try {
        asServerUser(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
