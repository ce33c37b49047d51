import { describe, expect, test } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";
import { nextSteps } from "./next-steps.server.ts";

// A single Veo3 video is promised as one video, not as "your videos"; a pack keeps the plural.
const order = (offer: string) =>
  ({
    offer,
    customer: { email: "ines@example.com" },
    monthly: 0,
    currency: "EUR",
    paidAt: "2026-12-01T10:00:00.000Z",
    createdAt: "2026-12-01T10:00:00.000Z",
  }) as unknown as Order;

describe("what happens next", () => {
  // Step 0 is the brief, step 1 who acts, step 2 the delivery promise.
  test.each(LANGUAGES)("one video is promised as one video in %s", (lang) => {
    const t = translator(lang, "order");
    const plural = t("nextSteps.delivery.video", { hours: 24 });
    const single = nextSteps(order("veo3-single"), lang)[2];
    expect(single).toBe(t("nextSteps.delivery.video_veo3-single", { hours: 24 }));
    expect(single).not.toBe(plural);
    expect(nextSteps(order("veo3-pack"), lang)[2]).toBe(plural);
  });
});

describe("the test-workflow page's steps", () => {
  // Its form has no comments box: the topic goes in the one field it asks, named as the form names it.
  test.each(LANGUAGES)("send the topic to the form's own field in %s", (lang) => {
    const steps = translator(lang, "test-workflow")("steps.items", { returnObjects: true }) as unknown;
    const text = JSON.stringify(steps);
    expect(text).toContain(translator(lang, "order")("form.videoTopic"));
  });
});
