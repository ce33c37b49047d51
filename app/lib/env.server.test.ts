import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server.ts";

/** Values each variable refuses on its own. */
const REFUSED: Record<string, string[]> = {
  PORT: ["abc", "70000"],
  PUBLIC_ORIGIN: [
    "ftp://x",
    "http://example.com/?a=1",
    "http://example.com/#top",
    "http://example.com?",
    "http://user:pw@example.com",
  ],
  CONTACT_EMAIL: ["not-an-email"],
  STRIPE_SECRET_KEY: ["pk_test_123"],
  SMTP_URL: ["http://mail"],
  TRUST_PROXY: ["yes", "10.0.0.1, 300.1.1.1", "10.0.0.0/99"],
  DEMO_MODE: ["maybe"],
  DATABASE_URL: ["mysql://db/site"],
  OUTBOX_LEASE_MS: ["10"],
  FILES_STORAGE: ["ftp"],
  FILES_S3_ENDPOINT: ["s3.example.com"],
};

describe("parseEnv", () => {
  test("embedded defaults need no accounts", () => {
    const result = parseEnv({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      PUBLIC_ORIGIN: "http://localhost:3000",
      TRUST_PROXY: false,
    });
    expect(result.env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(result.env.SMTP_URL).toBeUndefined();
  });

  test("PUBLIC_ORIGIN defaults to the port the site listens on", () => {
    const result = parseEnv({ PORT: "4123" });
    expect(result.ok && result.env.PUBLIC_ORIGIN).toBe("http://localhost:4123");
    const empty = parseEnv({ PORT: "4123", PUBLIC_ORIGIN: "" });
    expect(empty.ok && empty.env.PUBLIC_ORIGIN).toBe("http://localhost:4123");
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

  test.each<[Record<string, string>, string]>([
    ...Object.entries(REFUSED).flatMap(([name, values]) =>
      values.map((value): [Record<string, string>, string] => [{ [name]: value }, name]),
    ),
    // Refused for what another variable says.
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, "STRIPE_WEBHOOK_SECRET"],
    [{ PUBLIC_ORIGIN: "https://example.com/shop", DEMO_MODE: "true" }, "PUBLIC_ORIGIN"],
  ])("%o is rejected with a message naming %s", (input, name) => {
    const result = parseEnv(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join("\n")).toContain(name);
  });

  test("TRUST_PROXY: true is one hop, a number that many, otherwise a list of addresses/CIDRs", () => {
    const parse = (value: string) => {
      const result = parseEnv({ TRUST_PROXY: value });
      return result.ok ? result.env.TRUST_PROXY : "error";
    };
    expect(parse("false")).toBe(false);
    expect(parse("0")).toBe(false);
    expect(parse("true")).toBe(1);
    expect(parse("1")).toBe(1);
    expect(parse("2")).toBe(2);
    expect(parse("10.0.0.1, 192.168.0.0/16,loopback")).toEqual(["10.0.0.1", "192.168.0.0/16", "loopback"]);
    expect(parse("::1, fd00::/8")).toEqual(["::1", "fd00::/8"]);
  });

  test("DEMO_MODE: true/1 on, false/0/empty off (live mode on an https origin is decided by config/go-live.ts)", () => {
    const demo = (value: string) => {
      const result = parseEnv({ PUBLIC_ORIGIN: "https://example.com", DEMO_MODE: value });
      return result.ok ? result.env.DEMO_MODE : "error";
    };
    expect([demo("true"), demo("1"), demo("false"), demo("0"), demo("")]).toEqual([true, true, false, false, false]);
  });

  test("FILES_STORAGE: disk by default; s3 refused at start without bucket and keys, named in one line", () => {
    const disk = parseEnv({});
    expect(disk.ok && disk.env.FILES_STORAGE).toBe("disk");
    const bare = parseEnv({ FILES_STORAGE: "s3" });
    expect(bare.ok ? [] : bare.errors).toEqual([
      "FILES_STORAGE: s3 needs FILES_S3_BUCKET, FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY",
    ]);
    const full = parseEnv({
      FILES_STORAGE: "s3",
      FILES_S3_BUCKET: "site-files",
      FILES_S3_ACCESS_KEY_ID: "id",
      FILES_S3_SECRET_ACCESS_KEY: "secret",
      FILES_S3_FORCE_PATH_STYLE: "true",
    });
    expect(full.ok && [full.env.FILES_S3_REGION, full.env.FILES_S3_FORCE_PATH_STYLE]).toEqual(["us-east-1", true]);
  });
});
