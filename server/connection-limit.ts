import type net from "node:net";

/**
 * One client may hold at most `max` open connections (0: no limit): past that, a new one is
 * closed as it arrives, before any byte is read. Without it a single address could hold thousands
 * of sockets open by sending headers slowly (each one waits up to headersTimeout), and every other
 * visitor would wait behind them. Connections from a trusted proxy are not counted: all visitors
 * share its address, and the proxy limits its own clients.
 */
export function createConnectionLimit(max: number, isTrustedPeer: (address: string) => boolean) {
  const openPerClient = new Map<string, number>();
  return function admit(socket: net.Socket) {
    const address = socket.remoteAddress ?? "";
    if (max === 0 || isTrustedPeer(address)) return;
    const open = (openPerClient.get(address) ?? 0) + 1;
    if (open > max) {
      socket.destroy();
      return;
    }
    openPerClient.set(address, open);
    socket.once("close", () => {
      const left = (openPerClient.get(address) ?? 1) - 1;
      if (left > 0) openPerClient.set(address, left);
      else openPerClient.delete(address);
    });
  };
}
