import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  test("embedded defaults need no accounts", () => {
    const result = parseEnv({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", PUBLIC_ORIGIN: "http://localhost:3000", TRUST_PROXY: false });
    expect(result.env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(result.env.SMTP_URL).toBeUndefined();
  });

  test("empty strings count as unset", () => {
    const result = parseEnv({ STRIPE_SECRET_KEY: "", SMTP_URL: "" });
    expect(result.ok).toBe(true);
  });

  test("DATABASE_URL takes a PostgreSQL URL (several instances share it)", () => {
    const result = parseEnv({ DATABASE_URL: "postgres://site:secret@db:5432/site" });
    expect(result.ok && result.env.DATABASE_URL).toBe("postgres://site:secret@db:5432/site");
  });

  test("trailing slash removed from PUBLIC_ORIGIN", () => {
    const result = parseEnv({ PUBLIC_ORIGIN: "https://example.com/" });
    expect(result.ok && result.env.PUBLIC_ORIGIN).toBe("https://example.com");
  });

  test.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_ORIGIN: "ftp://x" }, "PUBLIC_ORIGIN"],
    [{ CONTACT_EMAIL: "not-an-email" }, "CONTACT_EMAIL"],
    [{ STRIPE_SECRET_KEY: "pk_test_123" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, "STRIPE_WEBHOOK_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ DATABASE_URL: "mysql://db/site" }, "DATABASE_URL"],
    [{ OUTBOX_LEASE_MS: "10" }, "OUTBOX_LEASE_MS"],
  ])("%o is rejected with a message naming %s", (input, name) => {
    const result = parseEnv(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join("\n")).toContain(name);
  });
});
