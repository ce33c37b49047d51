// The limiter guard of eslint.config.js: every limit goes through app/http/limits.server.ts.
import { ESLint } from "eslint";
import { expect, it } from "vitest";

const eslint = new ESLint();

async function refused(file: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import "${specifier}";\n`, { filePath: file });
  return (result?.messages ?? []).some((message) => message.ruleId === "no-restricted-imports");
}

it.each([
  ["app/routes/new-form.tsx", "rate-limiter-flexible", true],
  ["app/auth/new-step.server.ts", "rate-limiter-flexible", true],
  ["app/orders/new-step.server.ts", "../http/rate-limit.server.ts", true],
  ["server/app.ts", "../app/http/rate-limit.server.ts", true],
  ["app/routes/new-form.tsx", "../http/limits.server.ts", false],
  ["app/http/limits.server.ts", "./rate-limit.server.ts", false],
  ["app/http/rate-limit.server.ts", "rate-limiter-flexible", false],
])("%s importing %s is refused: %s", async (file, specifier, expected) => {
  expect(await refused(file, specifier)).toBe(expected);
});
