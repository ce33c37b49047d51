import autocannon from "autocannon";

export interface LoadResult {
  url: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon against one URL: loopback, keep-alive, no Accept-Encoding (identity bodies). */
export async function load(url: string, options: { connections?: number; duration?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    pipelining: 1,
  });
  return {
    url,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
