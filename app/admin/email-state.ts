import type { OutboxRow } from "../mail/types.ts";
import { emailKindKey } from "../mail/email-kinds.ts";

/**
 * An email's state for the owner: sent, failed (given up), retrying (tried and refused, another
 * try is due) or waiting (never tried yet). Shared by the orders' and the quote requests' pages.
 */
export type EmailState = "sent" | "failed" | "retrying" | "waiting";

export function emailState(email: Pick<OutboxRow, "status" | "attempts">): EmailState {
  if (email.status === "pending") return email.attempts > 0 ? "retrying" : "waiting";
  return email.status;
}

/** Several emails summed up by their worst state (one failure is what the owner must see); null without any. */
export function worstEmailState(emails: ReadonlyArray<Pick<OutboxRow, "status" | "attempts">>): EmailState | null {
  if (!emails.length) return null;
  const states = emails.map(emailState);
  return (["failed", "retrying", "waiting"] as const).find((state) => states.includes(state)) ?? "sent";
}

/** One email as the back office lists it; `kindKey` names it in words (`emailKinds.<key>` in admin.json). */
export function emailRow(email: OutboxRow) {
  return {
    id: email.id,
    kind: email.kind,
    kindKey: emailKindKey(email.kind),
    state: emailState(email),
    attempts: email.attempts,
    lastError: email.lastError,
    sentAt: email.sentAt,
  };
}
export type EmailRow = ReturnType<typeof emailRow>;
