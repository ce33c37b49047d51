import { getOrderServices } from "../services.server.ts";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** Up means able to take an order: the database answers a cheap query. */
export async function loader() {
  try {
    await (await getOrderServices()).repo.ping();
    return text("ok", 200);
  } catch {
    return text("database unavailable", 503);
  }
}
