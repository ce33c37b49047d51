/**
 * The server's live heap, through the inspector the bench starts it with (`--inspect=127.0.0.1:0`):
 * a full GC first (HeapProfiler.collectGarbage), then process.memoryUsage().heapUsed. What a full
 * GC cannot free is what the process really holds: a leak grows it, garbage does not.
 */
export async function connectInspector(logs: () => string) {
  let url: string | undefined;
  for (let i = 0; i < 50 && !url; i++) {
    url = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(logs())?.[0];
    if (!url) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!url) throw new Error("the server printed no inspector address");
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async liveHeapMb(): Promise<number> {
      await call("HeapProfiler.collectGarbage");
      const answer = (await call("Runtime.evaluate", { expression: "process.memoryUsage().heapUsed" })) as {
        result: { value: number };
      };
      return Math.round(answer.result.value / 1048576);
    },
    close: () => socket.close(),
  };
}
