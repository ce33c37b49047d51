import http from "node:http";
import type net from "node:net";

/**
 * A request Node's parser refused before any handler ran (a header over the size limit, a
 * malformed request line): Node's own answers (431, 408, 400, empty bodies), except that a request
 * whose first bytes name a target with a `problem` (every `/api/` path, server/app.ts) gets its
 * problem+json. The request line is read from the bytes the parser held (`rawPacket`): the first
 * 64 KB of an oversized request, the start of it.
 */
export function createClientError(problemFor: (target: string | undefined, status: number) => string | null) {
  return (error: Error & { code?: string; rawPacket?: Buffer }, socket: net.Socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const target = /^[A-Z]{1,16} (\S+)/.exec(error.rawPacket?.subarray(0, 256).toString("latin1") ?? "")?.[1];
    const body = problemFor(target, status) ?? "";
    const reason = http.STATUS_CODES[status] ?? "Bad Request";
    const type = body ? "Content-Type: application/problem+json\r\nCache-Control: no-store\r\n" : "";
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}
