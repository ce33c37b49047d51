import type { RunningServer } from "./server.ts";
import { waitFor } from "./orders.ts";

/**
 * The server's log once every line up to now is written: access lines go out in batches
 * (app/lib/logger.server.ts), so a test that reads the log right after its requests could miss the
 * last ones and pass on a log it never saw. Asks one more page and waits for its line.
 */
export async function settledLogs(server: Pick<RunningServer, "url" | "logs">): Promise<string> {
  const res = await fetch(`${server.url}/healthz`);
  await res.arrayBuffer();
  const id = res.headers.get("x-request-id");
  if (!id) throw new Error("/healthz answered without an X-Request-Id");
  return waitFor(() => (server.logs().includes(`"${id}"`) ? server.logs() : false), 20_000, `the log line of ${id}`);
}
