import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { RenderedEmail } from "./confirmation-email.server.ts";

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** Stable per outbox row, so a retried delivery can be recognised as the same message. */
  messageId: string;
  /** File name (without extension) when written to the .eml outbox. */
  fileName: string;
  /** Where a reply goes (the owner's copy of a quote request answers the visitor). */
  replyTo?: string;
}

export interface Mailer {
  readonly kind: "smtp" | "file";
  send(email: OutgoingEmail): Promise<string>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in DATA_DIR/outbox/. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      ...smtpOptionsFromUrl(options.smtpUrl),
      // Never let a slow server hold the worker for long: it retries later instead.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: "smtp",
      async send(email) {
        const info = await transport.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: email.messageId,
          replyTo: email.replyTo,
        });
        return String(info.messageId ?? email.messageId);
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(email) {
      const info = await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        replyTo: email.replyTo,
      });
      fs.mkdirSync(dir, { recursive: true });
      // Same name for the same outbox row: a repeated delivery replaces the file instead of adding one.
      const file = path.join(dir, `${email.fileName}.eml`);
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, info.message as Buffer);
      fs.renameSync(temp, file);
      return email.messageId;
    },
    close: () => {},
  };
}

/** nodemailer's SMTP options from smtp(s)://user:pass@host:port. */
function smtpOptionsFromUrl(value: string) {
  const url = new URL(value);
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
  };
}
