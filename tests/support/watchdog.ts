import { spawn } from "node:child_process";

/**
 * A server a test starts must not outlive the test run. A test that ends normally stops it; a run
 * that is killed (a CI time limit, Ctrl-C twice, SIGKILL, an out-of-memory kill) never gets to, and
 * a PostgreSQL or a site server left behind holds a port, memory and a temp directory until someone
 * finds it. So each server gets a watchdog: a small shell loop in its own session (a signal to the
 * test's process group does not reach it) that checks every second whether the test's process and
 * that process's parent (the test runner) are still there. When either is gone it runs `stop`;
 * when the server itself is gone, there is nothing left to do and it exits.
 *
 * A shell loop rather than a second Node: a dozen servers at once on a two-core machine would
 * otherwise cost a dozen Node processes (~40 MB each) that do nothing but wait.
 */
export interface Watchdog {
  /** The watchdog's own pid (for tests). */
  pid: number;
  /** The server was stopped on purpose: the watchdog leaves. */
  cancel(): void;
}

const LOOP = `
owner=$1; runner=$2; server=$3; stop=$4
while kill -0 "$owner" 2>/dev/null && kill -0 "$runner" 2>/dev/null; do
  kill -0 "$server" 2>/dev/null || exit 0
  sleep 1
done
exec sh -c "$stop"
`;

/** A string as one shell word. */
export const shellWord = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * Runs the shell command `stop` once this process or its parent is gone, unless `serverPid` is
 * gone first or cancel() is called.
 */
export function watchServer(serverPid: number, stop: string): Watchdog {
  // Orphaned already (the parent is init or a subreaper): only this process is watched.
  const runner = process.ppid > 1 ? process.ppid : process.pid;
  const child = spawn("sh", ["-c", LOOP, "watchdog", String(process.pid), String(runner), String(serverPid), stop], {
    detached: true,
    stdio: "ignore",
  });
  child.unref();
  return {
    pid: child.pid!,
    cancel() {
      try {
        if (child.exitCode === null) child.kill("SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}

/** A server process of ours (the site): killed outright, its data is a throwaway temp directory. */
export function watchProcess(pid: number): Watchdog {
  return watchServer(pid, `kill -KILL ${pid}`);
}
