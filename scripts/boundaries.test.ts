// The boundary rules of eslint.config.js, checked on imports that must fail and imports that must pass.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function restricted(file: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import "${specifier}";\n`, { filePath: file });
  return (result?.messages ?? []).some((message) => message.ruleId === "no-restricted-imports");
}

describe("architecture boundaries (docs/architecture.md)", () => {
  it.each([
    ["app/components/new-block.tsx", "../orders/types.ts"],
    ["app/components/blocks/hero.tsx", "../../payments/provider.ts"],
    ["app/payments/new-adapter.server.ts", "../orders/types.ts"],
    ["app/payments/new-adapter.server.ts", "../routes/commander.tsx"],
    ["app/content/new-data.ts", "../components/site-footer.tsx"],
    ["app/content/new-data.ts", "../orders/types.ts"],
    ["app/i18n/new-helper.ts", "../orders/types.ts"],
    ["app/orders/new-step.server.ts", "../routes/commander.tsx"],
    ["app/auth/session.server.ts", "../routes/commander.tsx"],
    ["server/new-middleware.ts", "../app/lib/env.server.ts"],
  ])("%s may not import %s", async (file, specifier) => {
    expect(await restricted(file, specifier)).toBe(true);
  });

  it.each([
    ["app/components/new-block.tsx", "../i18n/languages.ts"],
    ["app/content/new-data.ts", "../i18n/languages.ts"],
    ["app/orders/new-step.server.ts", "../payments/provider.ts"],
    ["app/routes/new-page.tsx", "../orders/types.ts"],
    ["server/new-middleware.ts", "./page-cache.ts"],
  ])("%s may import %s", async (file, specifier) => {
    expect(await restricted(file, specifier)).toBe(false);
  });
});
