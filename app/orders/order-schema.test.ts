import { describe, expect, test } from "vitest";
import en from "../../locales/en/order.json";
import { FIELD_MAX, ORDER_FIELDS, normaliseOrderForm, parseOrderForm } from "./order-schema.ts";

const valid = {
  firstName: "Jo",
  lastName: "Li",
  email: "jo@example.com",
  address: "1 Rd.",
  city: "Ny",
  postalCode: "75",
  country: "FR",
  phoneNumber: "12345",
  agentName: "iaBot",
  telegramId: "@j",
};

function parse(values: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  const submission = parseOrderForm(formData);
  const error: Record<string, string[] | null> = submission.status === "error" ? (submission.error ?? {}) : {};
  return { ...submission, error };
}

describe("order form schema (spec section 5)", () => {
  test("accepts the minimum lengths, defaults connectZapier to non, optional fields empty", () => {
    const result = parse(valid);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const value = normaliseOrderForm(result.value);
    expect(value.connectZapier).toBe("non");
    expect(value.companyName).toBe("");
    expect(value.comments).toBe("");
  });

  test.each([
    ["firstName", "J", "errors.firstName"],
    ["lastName", "L", "errors.lastName"],
    ["email", "jo@", "errors.email"],
    ["email", "jo example.com", "errors.email"],
    ["address", "1 Rd", "errors.address"],
    ["city", "N", "errors.city"],
    ["postalCode", "7", "errors.postalCode"],
    ["country", "F", "errors.country"],
    ["phoneNumber", "1234", "errors.phoneNumber"],
    ["agentName", "i", "errors.agentName"],
    ["telegramId", "@", "errors.telegramId"],
    ["connectZapier", "maybe", "errors.connectZapier"],
  ])("%s = %j → %s", (field, value, key) => {
    const result = parse({ ...valid, [field]: value });
    expect(result.status).toBe("error");
    expect(result.error?.[field]).toEqual([key]);
  });

  test("missing required fields get their own message, which exists in the locale files", () => {
    const result = parse({});
    const errors = result.error ?? {};
    const required = ORDER_FIELDS.filter((f) => f !== "companyName" && f !== "comments" && f !== "connectZapier");
    expect(Object.keys(errors).sort()).toEqual([...required].sort());
    for (const messages of Object.values(errors) as Array<string[] | null>) {
      for (const key of messages ?? []) {
        const [group, name] = key.split(".");
        expect((en as Record<string, Record<string, string>>)[group!]![name!], key).toBeTruthy();
      }
    }
  });

  test("trims and collapses whitespace, lower-cases the email, keeps comment line breaks", () => {
    const result = parse({ ...valid, firstName: "  Jean   Luc ", email: "  Jo@Example.COM ", comments: "  a \r\n  b  ", companyName: "   " });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.firstName).toBe("Jean Luc");
    expect(result.value.email).toBe("jo@example.com");
    expect(result.value.comments).toBe("a\nb");
    expect(normaliseOrderForm(result.value).companyName).toBe("");
  });

  test("whitespace only does not satisfy a minimum length", () => {
    expect(parse({ ...valid, firstName: "  x  " }).error?.firstName).toEqual(["errors.firstName"]);
  });

  test("every field has a length cap", () => {
    for (const [field, max] of Object.entries(FIELD_MAX)) {
      const long = field === "email" ? `${"a".repeat(max)}@example.com` : "a".repeat(max + 1);
      expect(parse({ ...valid, [field]: long }).error?.[field], field).toContain("errors.tooLong");
    }
  });

  test("control characters, DEL and bidi overrides are refused with their own message; line breaks only in comments", () => {
    const hostile = ["a\u0000b", "Jo\u001b[2J", "Jo\u0007", "Jo\u007f", "Jo\u202eevil", "Jo\u2066x\u2069", "Jo\u000bx", "Jo\u000cx"];
    for (const value of hostile) {
      for (const field of ["firstName", "email", "companyName", "comments"]) {
        expect(parse({ ...valid, [field]: value }).error?.[field], `${field} ${JSON.stringify(value)}`).toEqual(["errors.controlCharacters"]);
      }
    }
    for (const field of ["firstName", "address", "companyName"]) {
      expect(parse({ ...valid, [field]: "Jean\nLuc" }).error?.[field], field).toEqual(["errors.controlCharacters"]);
    }
    expect(parse({ ...valid, comments: "line 1\r\nline 2\tend" }).status).toBe("success");
    expect(parse({ ...valid, firstName: "Jean\tLuc" }).status).toBe("success");
    expect(en.errors.controlCharacters).toBeTruthy();
  });
});
