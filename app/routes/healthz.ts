import path from "node:path";
import type { Route } from "./+types/healthz";
import { getEnv } from "../lib/env.server.ts";
import { checkHealth, checkStorage } from "../ops/health.server.ts";
import { servicesOf } from "../services-context.ts";

const text = (body: string, status: number) =>
  new Response(`${body}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * Up means able to take an order and its brief: the database reads and writes, its volume has
 * room, and the file storage answers with room to spare (app/ops/health.server.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  let services;
  try {
    services = await servicesOf(context, { repo: ["database"], files: true });
  } catch {
    return text("database unavailable", 503);
  }
  const { repo, files } = services;
  const dataDir = path.resolve(getEnv().DATA_DIR);
  const health = await checkHealth(repo, repo.dialect === "sqlite" ? dataDir : undefined);
  if (!health.ok) return text(health.reason, 503);
  const storage = await checkStorage(files, path.join(dataDir, "files"));
  return storage.ok ? text("ok", 200) : text(storage.reason, 503);
}
