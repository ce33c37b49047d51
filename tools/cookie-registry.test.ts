// The cookie registry's lint rule (eslint.config.js, "cookies/registry"): a cookie set anywhere but
// app/lib/cookies.ts is refused, so the privacy policy, generated from that registry, lists them all.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function refused(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).some((message) => message.ruleId === "no-restricted-syntax");
}

describe("one registry of cookies", () => {
  it.each([
    ["app/routes/new-page.tsx", `export const h = { "Set-Cookie": "x=1" };\n`, true],
    ["app/orders/new-step.server.ts", `export const f = (h: Headers) => h.append("set-cookie", "x=1");\n`, true],
    [
      "app/auth/new-session.server.ts",
      `import { createCookie } from "react-router";\nexport const c = createCookie("x");\n`,
      true,
    ],
    [
      "app/routes/new-page.tsx",
      `import { createCookieSessionStorage } from "react-router";\nexport const s = createCookieSessionStorage;\n`,
      true,
    ],
    [
      "app/lib/cookies.ts",
      `import { createCookie } from "react-router";\nexport const f = (h: Headers) => h.append("Set-Cookie", String(createCookie("x")));\n`,
      false,
    ],
    [
      "app/routes/new-page.tsx",
      `import { appendSetCookie } from "../lib/cookies.ts";\nexport const h = appendSetCookie(new Headers(), "x");\n`,
      false,
    ],
  ])("%s: %s refused: %s", async (file, code, expected) => {
    expect(await refused(file, code)).toBe(expected);
  });
});
