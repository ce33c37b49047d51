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
    ["app/components/new-block.tsx", "../orders/types.ts", true],
    ["app/components/blocks/hero.tsx", "../../payments/provider.ts", true],
    ["app/payments/new-adapter.server.ts", "../orders/types.ts", true],
    ["app/payments/new-adapter.server.ts", "../routes/commander.tsx", true],
    ["app/content/new-data.ts", "../components/site-footer.tsx", true],
    ["app/content/new-data.ts", "../orders/types.ts", true],
    ["app/i18n/new-helper.ts", "../orders/types.ts", true],
    ["app/orders/new-step.server.ts", "../routes/commander.tsx", true],
    ["app/auth/session.server.ts", "../routes/commander.tsx", true],
    ["server/index.ts", "../app/lib/env.server.ts", true],
    ["server/index.ts", "./app.ts", true],
    ["server/page-cache.ts", "../app/i18n/site-map.ts", true],
    ["app/components/new-block.tsx", "../i18n/languages.ts", false],
    ["app/content/new-data.ts", "../i18n/languages.ts", false],
    ["app/orders/new-step.server.ts", "../payments/provider.ts", false],
    ["app/routes/new-page.tsx", "../orders/types.ts", false],
    ["server/index.ts", "../scripts/require-node.js", false],
    ["server/app.ts", "../app/i18n/resolve.ts", false],
  ])("%s importing %s is refused: %s", async (file, specifier, refused) => {
    expect(await restricted(file, specifier)).toBe(refused);
  });
});
