import http from "node:http";
import type net from "node:net";

/**
 * An HTTP proxy in front of a (fake) payment API that can slow every call down, hang it forever
 * (a timeout for the client) or answer 500 — the faults a real provider has on a bad day.
 */
export interface FlakyProxy {
  url: string;
  mode: "pass" | "hang" | "error";
  delayMs: number;
  /** Requests received (forwarded or not). */
  requests: number;
  close(): Promise<void>;
}

export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: FlakyProxy = {
    url: "",
    mode: "pass",
    delayMs: 0,
    requests: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer(async (req, res) => {
    proxy.requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (proxy.mode === "hang") return; // never answers; the socket is destroyed on close()
    if (proxy.delayMs) await new Promise((resolve) => setTimeout(resolve, proxy.delayMs));
    if (proxy.mode === "error") {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: "Injected failure" } }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
        headers.set(name, value);
    }
    try {
      const upstream = await fetch(target + req.url, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(
        upstream.status,
        Object.fromEntries(
          [...upstream.headers].filter(
            ([name]) => !["content-length", "transfer-encoding", "connection", "content-encoding"].includes(name),
          ),
        ),
      );
      res.end(body);
    } catch {
      res.writeHead(502);
      res.end();
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return proxy;
}
