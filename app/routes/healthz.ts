import path from "node:path";
import type { Route } from "./+types/healthz";
import { getEnv } from "../lib/env.server.ts";
import { checkHealth } from "../ops/health.server.ts";
import { servicesOf } from "../services-context.ts";

const text = (body: string, status: number) =>
  new Response(`${body}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** Up means able to take an order: the database reads and writes, its volume has room (app/ops/health.server.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  let repo;
  try {
    repo = (await servicesOf(context)).repo;
  } catch {
    return text("database unavailable", 503);
  }
  const health = await checkHealth(repo, repo.dialect === "sqlite" ? path.resolve(getEnv().DATA_DIR) : undefined);
  return health.ok ? text("ok", 200) : text(health.reason, 503);
}
