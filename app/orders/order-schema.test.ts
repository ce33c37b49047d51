import { describe, expect, test } from "vitest";
import en from "../../locales/en/order.json";
import { BRIEF_FIELDS, CHECKOUT_FIELDS, OFFERS, ORDER_FORM_FIELDS, type OfferId } from "../content/offers.ts";
import {
  FIELD_MAX,
  OPTIONAL_FIELDS,
  consentFields,
  normaliseOrderForm,
  orderFormRules,
  parseBriefAnswers,
  parseOrderForm,
} from "./order-schema.ts";

const valid = {
  firstName: "Jo",
  lastName: "Li",
  email: "jo@example.com",
  phoneNumber: "12345",
  agentName: "iaBot",
  telegramId: "@j",
  acceptTerms: "on",
  immediateStart: "on",
};
const ticked = { acceptTerms: "on", immediateStart: "on" };

const messageOf = (key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

/**
 * An offer's questions as its customer answers them: the order form's, then (after payment) the
 * brief's, each with its rules (the billing address is the checkout's: sandbox-checkout.server.ts).
 */
function parse(values: Record<string, string>, offer: OfferId = "formateur-ia") {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  const submission = parseOrderForm(formData, offer);
  const brief = parseBriefAnswers(formData, offer);
  const error: Record<string, string[] | null> = {
    ...(submission.status === "error" ? (submission.error ?? {}) : {}),
    ...(brief.ok ? {} : brief.errors),
  };
  if (submission.status === "success" && brief.ok)
    return { status: "success" as const, value: { ...submission.value, ...brief.answers }, error };
  return { status: "error" as const, value: undefined, error };
}

describe("order form schema (spec section 5)", () => {
  test("accepts the minimum lengths, defaults connectZapier to non, optional fields empty", () => {
    const result = parse(valid);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const value = { ...normaliseOrderForm("formateur-ia", result.value), ...result.value };
    expect(value.connectZapier).toBe("non");
    expect(value.companyName).toBe("");
    expect(value.comments).toBe("");
  });

  test.each([
    ["firstName", "J", "errors.firstName"],
    ["lastName", "L", "errors.lastName"],
    ["email", "jo@", "errors.email"],
    ["email", "jo example.com", "errors.email"],
    ["phoneNumber", "1234", "errors.phoneNumber"],
    ["agentName", "i", "errors.agentName"],
    ["telegramId", "@", "errors.telegramId"],
    ["connectZapier", "maybe", "errors.connectZapier"],
  ])("%s = %j → %s", (field, value, key) => {
    const result = parse({ ...valid, [field]: value });
    expect(result.status).toBe("error");
    expect(result.error?.[field]).toEqual([key]);
  });

  test.each([
    ["formateur-ia", "agent"],
    ["short-videos", "video"],
    ["test-workflow", "test"],
  ] as const)("%s: a missing required field says what to enter, in the locale files", (offer, kind) => {
    const result = parse({}, offer);
    const errors = result.error ?? {};
    const required = [
      ...[...ORDER_FORM_FIELDS[kind], ...BRIEF_FIELDS[kind]].filter((f) => !OPTIONAL_FIELDS.has(f)),
      ...consentFields(offer),
    ];
    expect(Object.keys(errors).sort()).toEqual([...required].sort());
    for (const [field, messages] of Object.entries(errors)) {
      expect(messages, field).toEqual([`errors.required.${field}`]);
      expect(messageOf(`errors.required.${field}`), field).toMatch(/\S/);
    }
    expect(messageOf("errors.required.firstName")).toBe("Enter your first name");
    expect(messageOf("errors.email")).toBe("Enter an email address like name@example.com");
  });

  test("each kind of offer asks only its own questions", () => {
    const video = parse(
      {
        firstName: "Jo",
        lastName: "Li",
        email: "jo@example.com",
        videoTopic: "Recipes",
        videoLanguage: "de",
        agentName: "x",
        ...ticked,
      },
      "veo3-single",
    );
    expect(video.status).toBe("success");
    if (video.status === "success") {
      expect(normaliseOrderForm("veo3-single", video.value)).toEqual({
        firstName: "Jo",
        lastName: "Li",
        email: "jo@example.com",
        companyName: "",
        videoTopic: "Recipes",
        videoBrand: "",
        videoLanguage: "de",
        comments: "",
      });
    }
    const test = parse(
      { firstName: "Jo", lastName: "Li", email: "jo@example.com", videoTopic: "Cats", ...ticked },
      "test-workflow",
    );
    expect(test.status).toBe("success");
    expect(parse({ ...valid, videoLanguage: "xx" }, "short-videos").error?.videoLanguage).toEqual([
      "errors.required.videoLanguage",
    ]);
  });

  test("the terms must be accepted, and an offer started at once needs the waiver; neither is stored with the answers", () => {
    const { acceptTerms: _terms, ...withoutTerms } = valid;
    expect(parse(withoutTerms).error).toEqual({ acceptTerms: ["errors.required.acceptTerms"] });
    const { immediateStart: _start, ...withoutWaiver } = valid;
    expect(parse(withoutWaiver).error).toEqual({ immediateStart: ["errors.required.immediateStart"] });
    // Only a ticked box counts: a forged value is no acceptance.
    expect(parse({ ...valid, acceptTerms: "yes" }).error?.acceptTerms).toEqual(["errors.required.acceptTerms"]);
    expect(messageOf("errors.required.acceptTerms")).toBe("Accept the Terms of Service to continue");
    const result = parse(valid);
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(Object.keys(normaliseOrderForm("formateur-ia", result.value))).not.toContain("acceptTerms");
    // The browser gets the same rules: both boxes required, with the server's words.
    const rules = orderFormRules("formateur-ia");
    expect(rules.constraint.acceptTerms).toEqual({ required: true });
    expect(rules.messages.immediateStart).toEqual({ valueMissing: "errors.required.immediateStart" });
  });

  test("an offer that waits out the 14 days asks for the terms only", () => {
    const offer = OFFERS["test-workflow"];
    const before = offer.immediateStart;
    offer.immediateStart = null;
    try {
      expect(consentFields("test-workflow")).toEqual(["acceptTerms"]);
      expect(
        parse(
          { firstName: "Jo", lastName: "Li", email: "jo@example.com", videoTopic: "Cats", acceptTerms: "on" },
          "test-workflow",
        ).status,
      ).toBe("success");
      expect(orderFormRules("test-workflow").constraint.immediateStart).toBeUndefined();
    } finally {
      offer.immediateStart = before;
    }
    expect(consentFields("test-workflow")).toEqual(["acceptTerms", "immediateStart"]);
  });

  test("trims and collapses whitespace, lower-cases the email, keeps comment line breaks", () => {
    const result = parse({
      ...valid,
      firstName: "  Jean   Luc ",
      email: "  Jo@Example.COM ",
      comments: "  a \r\n  b  ",
      companyName: "   ",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.firstName).toBe("Jean Luc");
    expect(result.value.email).toBe("jo@example.com");
    expect(result.value.comments).toBe("a\nb");
    expect(normaliseOrderForm("formateur-ia", result.value).companyName).toBe("");
  });

  test("whitespace only does not satisfy a minimum length", () => {
    expect(parse({ ...valid, firstName: "  x  " }).error?.firstName).toEqual(["errors.firstName"]);
  });

  test("every field has a length cap", () => {
    for (const [field, max] of Object.entries(FIELD_MAX)) {
      // The billing address is the checkout's, with its own caps (sandbox-checkout.server.ts).
      if ((CHECKOUT_FIELDS as readonly string[]).includes(field)) continue;
      const long = field === "email" ? `${"a".repeat(max)}@example.com` : "a".repeat(max + 1);
      const offer = field.startsWith("video") ? "short-videos" : "formateur-ia";
      expect(
        parse({ ...valid, videoTopic: "Topic", videoLanguage: "fr", [field]: long }, offer).error?.[field],
        field,
      ).toContain("errors.tooLong");
    }
  });

  test("control characters, DEL and bidi overrides are refused with their own message; line breaks only in comments", () => {
    const hostile = [
      "a\u0000b",
      "Jo\u001b[2J",
      "Jo\u0007",
      "Jo\u007f",
      "Jo\u202eevil",
      "Jo\u2066x\u2069",
      "Jo\u000bx",
      "Jo\u000cx",
    ];
    for (const value of hostile) {
      for (const field of ["firstName", "email", "companyName", "comments"]) {
        expect(parse({ ...valid, [field]: value }).error?.[field], `${field} ${JSON.stringify(value)}`).toEqual([
          "errors.controlCharacters",
        ]);
      }
    }
    for (const field of ["firstName", "agentName", "companyName"]) {
      expect(parse({ ...valid, [field]: "Jean\nLuc" }).error?.[field], field).toEqual(["errors.controlCharacters"]);
    }
    expect(parse({ ...valid, comments: "line 1\r\nline 2\tend" }).status).toBe("success");
    expect(parse({ ...valid, firstName: "Jean\tLuc" }).status).toBe("success");
    expect(en.errors.controlCharacters).toBeTruthy();
  });
});
