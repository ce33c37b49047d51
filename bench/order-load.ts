/**
 * The order load both order benches share: `clients` concurrent clients each posting the order
 * form again as soon as they have their answer, every request awaited, so the stored rows can be
 * compared exactly with the 303s. Stops after `orders` requests or `duration` seconds.
 */
export const ORDER_FORM = new URLSearchParams({
  offre: "test-workflow",
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.com",
  phoneNumber: "+33 1 23 45 67 89",
  address: "1 rue du Test",
  postalCode: "75001",
  city: "Paris",
  country: "France",
  agentName: "Loady",
  telegramId: "@loady",
  connectZapier: "non",
  videoTopic: "Recettes de saison",
  acceptTerms: "on",
  immediateStart: "on",
}).toString();

export function postOrder(baseUrl: string): Promise<Response> {
  return fetch(`${baseUrl}/commander?offre=test-workflow&lang=en`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: ORDER_FORM,
  });
}

export interface OrderLoad {
  ordersPerSec: number;
  /** POSTs answered with a 303 to the checkout. */
  redirected: number;
  otherStatuses: Record<string, number>;
  p50: number;
  p99: number;
  elapsedSec: number;
}

export interface OrderLoadOptions {
  /** Server base URLs; client i posts to targets[i % targets.length]. */
  targets: string[];
  clients?: number;
  /** Stop after this many requests… */
  orders?: number;
  /** …or after this many seconds, whichever comes first. */
  duration?: number;
  /** Called once, as the `at`-th request is answered (e.g. to read the server's RSS). */
  checkpoint?: { at: number; run: () => void };
}

export async function orderLoad({
  targets,
  clients = 50,
  orders = Infinity,
  duration = Infinity,
  checkpoint,
}: OrderLoadOptions): Promise<OrderLoad> {
  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + duration * 1000;
  let issued = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const target = targets[client % targets.length]!;
      while (issued < orders && performance.now() < deadline) {
        issued++;
        const t0 = performance.now();
        let status: string;
        try {
          const res = await postOrder(target);
          await res.arrayBuffer();
          status = String(res.status);
        } catch {
          status = "error";
        }
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (++answered === checkpoint?.at) checkpoint.run();
      }
    }),
  );
  const elapsedSec = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const redirected = statuses.get("303") ?? 0;
  return {
    ordersPerSec: Math.round((redirected / elapsedSec) * 10) / 10,
    redirected,
    otherStatuses: Object.fromEntries([...statuses].filter(([code]) => code !== "303")),
    p50: pct(0.5),
    p99: pct(0.99),
    elapsedSec: Math.round(elapsedSec * 10) / 10,
  };
}

/** "303: 1 2×500" style summary of the statuses that were not 303s. */
export function otherStatusesText(other: Record<string, number>): string {
  return Object.entries(other)
    .map(([code, n]) => `${n}× ${code}`)
    .join(", ");
}
