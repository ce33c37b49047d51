import net from "node:net";

export interface RawRequest {
  method?: string;
  /** Sent as-is on the request line: no normalisation, no encoding. */
  target: string | Buffer;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Do not add Content-Length for the body (chunked or deliberately wrong framing). */
  noContentLength?: boolean;
}

export interface RawResponse {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  headers: string;
  body: Buffer;
}

/** One HTTP/1.1 request over a fresh socket, bytes exactly as given (fetch would normalise them). */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  const body = typeof request.body === "string" ? Buffer.from(request.body) : (request.body ?? Buffer.alloc(0));
  const lines: Buffer[] = [
    Buffer.from(`${request.method ?? "GET"} `),
    Buffer.from(request.target),
    Buffer.from(" HTTP/1.1\r\n"),
  ];
  const headers: Record<string, string | string[]> = {
    Host: `127.0.0.1:${port}`,
    Connection: "close",
    ...request.headers,
  };
  if (
    !request.noContentLength &&
    (body.length || request.method === "POST") &&
    !Object.keys(headers).some((h) => h.toLowerCase() === "content-length")
  ) {
    headers["Content-Length"] = String(body.length);
  }
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value])
      lines.push(Buffer.from(`${name}: `), Buffer.from(v, "latin1"), Buffer.from("\r\n"));
  }
  lines.push(Buffer.from("\r\n"), body);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(
        new Error(`timeout after ${timeoutMs} ms: ${request.method ?? "GET"} ${String(request.target).slice(0, 80)}`),
      );
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {
      // A reset after an early answer (e.g. 413 while we still send) is fine: parse what arrived.
    });
    socket.on("close", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = (split < 0 ? all : all.subarray(0, split)).toString("latin1");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: split < 0 ? Buffer.alloc(0) : all.subarray(split + 4) });
    });
    socket.write(Buffer.concat(lines));
  });
}

/** The body as sent: a chunked answer (React Router streams) is put back together. */
export function rawBody(res: RawResponse): string {
  if (!/^transfer-encoding: *chunked/im.test(res.headers)) return res.body.toString("utf8");
  let rest = res.body;
  const parts: Buffer[] = [];
  for (;;) {
    const line = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.subarray(0, line).toString("latin1"), 16);
    if (!size) break;
    parts.push(rest.subarray(line + 2, line + 2 + size));
    rest = rest.subarray(line + 2 + size + 2);
  }
  return Buffer.concat(parts).toString("utf8");
}
