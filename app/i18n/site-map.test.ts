import { describe, expect, it } from "vitest";
import {
  CHECKOUT_SESSION_PLACEHOLDER,
  orderFormPath,
  orderHref,
  pageForPath,
  pagePath,
  pageById,
  thankYouPath,
} from "./site-map.ts";

describe("site map", () => {
  it("links to the order form leave French implicit; the form's own URLs name the language", () => {
    expect(orderHref("veo3-pack", "fr")).toBe("/commander?offre=veo3-pack");
    expect(orderHref("veo3-pack", "de")).toBe("/commander?offre=veo3-pack&lang=de");
    expect(orderFormPath("veo3-pack", "fr")).toBe("/commander?offre=veo3-pack&lang=fr");
    expect(orderFormPath("short-videos", "it", { cancelled: true })).toBe(
      "/commander?offre=short-videos&lang=it&cancelled=1",
    );
  });

  it("thank-you URLs: the language's path, the session id encoded, Stripe's placeholder kept", () => {
    expect(thankYouPath("de", "cs_1/2")).toBe("/danke?session_id=cs_1%2F2");
    expect(thankYouPath("fr", CHECKOUT_SESSION_PLACEHOLDER)).toBe("/merci?session_id={CHECKOUT_SESSION_ID}");
  });

  it("every page's localized path leads back to the page", () => {
    expect(pagePath(pageById("test-workflow"), "es")).toBe("/flujo-de-trabajo-de-prueba");
    expect(pageForPath("/flujo-de-trabajo-de-prueba/")?.id).toBe("test-workflow");
    expect(pageForPath("/de")?.id).toBe("home");
    expect(pageForPath("/commander")).toBeUndefined();
  });
});
