import autocannon from "autocannon";

/** What a desktop Chrome sends. */
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export interface LoadResult {
  url: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses received in the run. */
  requests: number;
}

/** autocannon against one URL: loopback, keep-alive, no Accept-Encoding (identity bodies). */
export async function load(
  url: string,
  options: { connections?: number; duration?: number } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    pipelining: 1,
    // A browser's User-Agent: the site counts page views of browsers only (app/stats), and the bench
    // must measure the path a real visitor takes, counting included.
    headers: { "user-agent": BROWSER_UA },
  });
  return {
    url,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: result.requests.total,
  };
}
