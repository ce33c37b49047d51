import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** One export or erasure as recorded: who, when, what — never the data itself (ADR 016). */
export interface DataRequest {
  id: number;
  kind: "export" | "erase" | "retention";
  actor: "owner" | "retention";
  orders: number;
  quotes: number;
  emails: number;
  createdAt: string;
}

/** The data_requests table: the privacy room's own record of what was handed out or erased. */
export interface DataRequestStore {
  recordDataRequest(request: {
    kind: DataRequest["kind"];
    subjectDigest: string | null;
    actor: DataRequest["actor"];
    orders: number;
    quotes: number;
    emails: number;
  }): Promise<void>;
  /** The requests about one person (by the digest of their address), newest first. */
  listDataRequests(subjectDigest: string): Promise<DataRequest[]>;
  /** The latest retention passes that erased something, newest first. */
  listRetentionPasses(limit: number): Promise<DataRequest[]>;
}

const toRequest = (row: {
  id: number;
  kind: DataRequest["kind"];
  actor: string;
  orders: number;
  quotes: number;
  emails: number;
  created_at: string;
}): DataRequest => ({
  id: row.id,
  kind: row.kind,
  actor: row.actor === "retention" ? "retention" : "owner",
  orders: Number(row.orders),
  quotes: Number(row.quotes),
  emails: Number(row.emails),
  createdAt: row.created_at,
});

export function dataRequestStore(db: Kysely<Database>): DataRequestStore {
  return {
    async recordDataRequest(request: Parameters<DataRequestStore["recordDataRequest"]>[0]): Promise<void> {
      await db
        .insertInto("data_requests")
        .values({
          kind: request.kind,
          subject_digest: request.subjectDigest,
          actor: request.actor,
          orders: request.orders,
          quotes: request.quotes,
          emails: request.emails,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    async listDataRequests(subjectDigest: string): Promise<DataRequest[]> {
      const rows = await db
        .selectFrom("data_requests")
        .selectAll()
        .where("subject_digest", "=", subjectDigest)
        .orderBy("id", "desc")
        .limit(100)
        .execute();
      return rows.map(toRequest);
    },

    async listRetentionPasses(limit: number): Promise<DataRequest[]> {
      const rows = await db
        .selectFrom("data_requests")
        .selectAll()
        .where("kind", "=", "retention")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toRequest);
    },
  };
}
