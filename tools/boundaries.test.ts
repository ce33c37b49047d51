// The boundary rules of eslint.config.js, checked on imports that must fail and imports that must pass.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function restricted(file: string, specifier: string, typeOnly = false): Promise<boolean> {
  const code = typeOnly ? `import type { X } from "${specifier}";\nexport type Y = X;\n` : `import "${specifier}";\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).some((message) => /(^|\/)no-restricted-imports$/.test(message.ruleId ?? ""));
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
    ["server/render-cache.ts", "../app/i18n/site-map.ts", true],
    ["server/body-limits.ts", "../app/http/read-form.server.ts", true],
    // The launcher loads only the build: none of the front's parts, app-bound or not.
    ["server/index.ts", "./kept-pages.ts", true],
    ["server/index.ts", "./answers.ts", true],
    ["server/index.ts", "./serve.ts", false],
    ["server/kept-pages.ts", "../app/i18n/site-map.ts", false],
    ["app/components/new-block.tsx", "../i18n/languages.ts", false],
    ["app/content/new-data.ts", "../i18n/languages.ts", false],
    ["app/orders/new-step.server.ts", "../payments/provider.ts", false],
    ["app/routes/new-page.tsx", "../orders/types.ts", false],
    ["server/index.ts", "../scripts/require-node.js", false],
    ["server/app.ts", "../app/i18n/resolve.ts", false],
    // The rooms (docs/architecture.md): auth never reaches orders, billing or mail's callers; nothing reaches up.
    ["app/auth/session.server.ts", "../orders/types.ts", true],
    ["app/auth/new-step.server.ts", "../billing/payment-events.server.ts", true],
    ["app/auth/new-step.server.ts", "../quotes/types.ts", true],
    ["app/auth/new-step.server.ts", "../mail/email-kinds.ts", true],
    ["app/mail/new-email.server.ts", "../orders/fulfil.server.ts", true],
    ["app/mail/new-email.server.ts", "../payments/provider.ts", true],
    ["app/mail/new-email.server.ts", "../auth/session.server.ts", true],
    ["app/orders/new-step.server.ts", "../quotes/request-quote.server.ts", true],
    ["app/orders/new-step.server.ts", "../billing/payment-events.server.ts", true],
    ["app/orders/new-step.server.ts", "../services.server.ts", true],
    ["app/orders/new-step.server.ts", "../stores.server.ts", true],
    ["app/quotes/new-step.server.ts", "../billing/types.ts", true],
    ["app/billing/new-step.server.ts", "../ops/backup.server.ts", true],
    ["app/payments/new-adapter.server.ts", "../db/schema.ts", false],
    ["app/payments/new-adapter.server.ts", "../billing/types.ts", true],
    ["app/content/new-data.ts", "../config/site-schema.ts", true],
    ["app/db/new-table.server.ts", "../orders/types.ts", true],
    ["app/lib/new-tool.server.ts", "../mail/outbox-store.server.ts", true],
    ["app/ops/new-tool.server.ts", "../auth/session.server.ts", true],
    ["app/orders/new-step.server.ts", "../mail/email-kinds.ts", false],
    ["app/billing/new-step.server.ts", "../orders/fulfil.server.ts", false],
    ["app/quotes/new-step.server.ts", "../mail/outbox-store.server.ts", false],
    ["app/admin/new-query.server.ts", "../billing/types.ts", false],
    ["app/routes/new-page.tsx", "../quotes/request-quote.server.ts", false],
    // The privacy room (ADR 016) asks the rooms' stores; it never writes their tables itself.
    ["app/privacy/new-step.server.ts", "../orders/order-store.server.ts", true],
    ["app/privacy/new-step.server.ts", "../mail/outbox-store.server.ts", true],
    ["app/privacy/new-step.server.ts", "../routes/admin-customers.tsx", true],
    ["app/privacy/new-step.server.ts", "../services.server.ts", true],
    ["app/privacy/new-step.server.ts", "../lib/background-worker.server.ts", false],
    ["app/privacy/new-step.server.ts", "../db/erased.ts", false],
    ["app/orders/new-step.server.ts", "../privacy/data-rights.server.ts", true],
    ["app/admin/new-query.server.ts", "../privacy/data-rights.server.ts", false],
    // Webhooks out: the emitting rooms record events through it; it reaches none of them (nor mail).
    ["app/automation/new-step.server.ts", "../mail/outbox-store.server.ts", true],
    ["app/automation/new-step.server.ts", "../orders/order-store.server.ts", true],
    ["app/automation/new-step.server.ts", "../admin/orders.server.ts", true],
    ["app/automation/new-step.server.ts", "../services.server.ts", true],
    ["app/automation/new-step.server.ts", "../db/schema.ts", false],
    ["app/automation/new-step.server.ts", "../lib/env.server.ts", false],
    ["app/mail/new-email.server.ts", "../automation/events.ts", true],
    ["app/lib/new-tool.server.ts", "../automation/events.ts", true],
    ["app/orders/new-step.server.ts", "../automation/webhook-store.server.ts", false],
    ["app/billing/new-step.server.ts", "../automation/events.ts", false],
    ["app/quotes/new-step.server.ts", "../automation/webhook-store.server.ts", false],
  ])("%s importing %s is refused: %s", async (file, specifier, refused) => {
    expect(await restricted(file, specifier)).toBe(refused);
  });

  it.each([
    // A room may name another's records (types) without running its code.
    ["app/mail/new-email.server.ts", "../orders/types.ts", false],
    ["app/mail/new-email.server.ts", "../orders/fulfil.server.ts", false],
    ["app/orders/new-step.server.ts", "../services.server.ts", false],
    ["app/orders/new-step.server.ts", "../billing/types.ts", false],
    ["app/auth/new-step.server.ts", "../orders/types.ts", true],
    ["app/privacy/new-step.server.ts", "../orders/order-privacy-store.server.ts", false],
    ["app/automation/new-step.server.ts", "../orders/types.ts", false],
    ["app/automation/new-step.server.ts", "../mail/types.ts", true],
  ])("%s importing types from %s is refused: %s", async (file, specifier, refused) => {
    expect(await restricted(file, specifier, true)).toBe(refused);
  });
});

/** Whether the one-body-reader rule (eslint.config.js, `http/one-body-reader`) fires on this code. */
async function bodyReadRefused(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).some(
    (message) => message.ruleId === "no-restricted-syntax" && /read-form\.server\.ts/.test(message.message),
  );
}

describe("request bodies are read by app/http/read-form.server.ts only", () => {
  it.each([
    [
      "app/routes/new-form.tsx",
      "export async function action({ request }: { request: Request }) { return request.formData(); }\n",
      true,
    ],
    [
      "app/routes/new-form.tsx",
      "export async function action(args: { request: Request }) { return args.request.text(); }\n",
      true,
    ],
    [
      "app/routes/new-hook.ts",
      "export async function action({ request }: { request: Request }) { return request.json(); }\n",
      true,
    ],
    ["app/admin/new-action.server.ts", "export const read = (request: Request) => request.arrayBuffer();\n", true],
    ["app/orders/new-step.server.ts", "export const read = (req: Request) => req.clone().formData();\n", true],
    [
      "app/routes/new-form.tsx",
      'import { readForm } from "../http/read-form.server.ts";\nexport const action = ({ request }: { request: Request }) => readForm(request, ["email"]);\n',
      false,
    ],
    ["app/http/read-form.server.ts", "export const read = (request: Request) => request.formData();\n", false],
    ["app/routes/new-page.tsx", "export const read = (response: Response) => response.json();\n", false],
  ])("%s: %s is refused: %s", async (file, code, refused) => {
    expect(await bodyReadRefused(file, code)).toBe(refused);
  });
});

/** Whether the money rule (eslint.config.js, `money/one-door`) fires on this code. */
async function moneyCallRefused(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).some(
    (message) => message.ruleId === "no-restricted-syntax" && /money\.server\.ts/.test(message.message),
  );
}

describe("refunds and cancellations are asked of the provider by app/admin/money.server.ts only", () => {
  const call = (expression: string) =>
    `declare const services: { provider: { refund(x: unknown): unknown; cancelSubscription(x: unknown): unknown } };\ndeclare const provider: typeof services.provider;\nexport const go = () => ${expression};\n`;
  it.each([
    ["app/routes/admin-order.tsx", call("services.provider.refund({})"), true],
    ["app/billing/new-step.server.ts", call("provider.cancelSubscription({})"), true],
    ["app/admin/orders.server.ts", call("services.provider.cancelSubscription({})"), true],
    ["app/admin/money.server.ts", call("services.provider.refund({})"), false],
    [
      "app/payments/sandbox-provider.server.ts",
      "declare const store: { refund(): void };\nexport const go = () => store.refund();\n",
      false,
    ],
  ])("%s: %s is refused: %s", async (file, code, refused) => {
    expect(await moneyCallRefused(file, code)).toBe(refused);
  });
});

/** Whether the services rule (eslint.config.js, `guards/…services`) fires on this import of the composition root. */
async function servicesLookupRefused(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).some(
    (message) => message.ruleId === "no-restricted-imports" && /servicesOf\(context, needs\)/.test(message.message),
  );
}

describe("only the composition root's callers look the services up (routes read them from the context)", () => {
  const lookup = (specifier: string) =>
    `import { getOrderServices } from "${specifier}";\nexport const open = getOrderServices;\n`;
  it.each([
    ["app/routes/new-page.tsx", lookup("../services.server.ts"), true],
    ["app/admin/new-query.server.ts", lookup("../services.server.ts"), true],
    ["app/auth/new-step.server.ts", lookup("../services.server.ts"), true],
    ["app/api/new-door.server.ts", lookup("../services.server.ts"), true],
    ["app/http/limits.server.ts", lookup("../services.server.ts"), true],
    ["scripts/new-command.ts", lookup("../app/services.server.ts"), true],
    ["app/routes/new-page.tsx", `export { getOrderServices } from "../services.server.ts";\n`, true],
    ["server/app.ts", lookup("../app/services.server.ts"), false],
    ["app/entry.server.tsx", lookup("./services.server.ts"), false],
    ["app/admin/new-query.test.ts", lookup("../services.server.ts"), false],
    // A room may name the bag's type (a route may not: tools/services-by-need.test.ts).
    [
      "app/admin/new-query.server.ts",
      'import type { OrderServices } from "../services.server.ts";\nexport type S = OrderServices;\n',
      false,
    ],
    [
      "app/routes/new-page.tsx",
      'import { servicesOf } from "../services-context.ts";\nexport const open = servicesOf;\n',
      false,
    ],
  ])("%s: %s is refused: %s", async (file, code, refused) => {
    expect(await servicesLookupRefused(file, code)).toBe(refused);
  });
});
