// Services by need (eslint.config.js, app/services-context.ts): a route never reaches the whole
// services bag. The rule is checked on code that must fail and code that must pass, then on every
// route module app/routes.ts lists, so a route added later is held to it without anyone remembering to.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import routes from "../app/routes.ts";

const eslint = new ESLint();
const root = path.resolve(import.meta.dirname, "..");

/** The messages of the services-by-need rules (imports and syntax) for `code` linted as `file`. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => /^no-restricted-(imports|syntax)$/.test(message.ruleId ?? ""))
    .map((message) => message.message);
}

const servicesOfImport = 'import { servicesOf } from "../services-context.ts";\n';

describe("a route reaching for the whole services bag is refused", () => {
  it.each([
    [
      "naming the bag's type",
      'import type { OrderServices } from "../services.server.ts";\nexport type S = OrderServices;\n',
    ],
    [
      "naming the stores bundle's type",
      'import type { Stores } from "../stores.server.ts";\nexport type S = Stores;\n',
    ],
    ["building the stores itself", 'import { openStores } from "../stores.server.ts";\nexport const s = openStores;\n'],
    [
      "looking the services up",
      'import { getOrderServices } from "../services.server.ts";\nexport const s = getOrderServices;\n',
    ],
    [
      "reading the context's opener",
      'import { servicesContext } from "../services-context.ts";\nexport const s = servicesContext;\n',
    ],
    [
      "calling servicesOf without needs",
      `${servicesOfImport}export const loader = async ({ context }: { context: never }) => servicesOf(context);\n`,
    ],
    ["naming the bag in a type import", 'export type S = import("../services.server.ts").OrderServices;\n'],
  ])("%s", async (_what, code) => {
    expect(await refusals("app/routes/new-page.tsx", code)).not.toEqual([]);
  });

  it("a route naming what it uses passes", async () => {
    const code = `${servicesOfImport}export const loader = async ({ context }: { context: never }) =>
  (await servicesOf(context, { repo: ["orders"], links: true })).repo.findById("x");\n`;
    expect(await refusals("app/routes/new-page.tsx", code)).toEqual([]);
  });

  it("a room's function may name the bag's type (it takes a Pick of it)", async () => {
    const code =
      'import type { OrderServices } from "../services.server.ts";\nexport type S = Pick<OrderServices, "links">;\n';
    expect(await refusals("app/admin/new-step.server.ts", code)).toEqual([]);
  });
});

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

const routeFiles = (entries: readonly RouteEntry[]): string[] =>
  entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);

describe("every route of app/routes.ts names what it uses", () => {
  const files = [...new Set(routeFiles(routes as unknown as RouteEntry[]))].sort();
  const readers = files.filter((file) => fs.readFileSync(path.join(root, "app", file), "utf8").includes("servicesOf"));

  it("the routes that read services are found", () => {
    // Most back-office pages, the order and quote flows, the API: a walk that found none would prove nothing.
    expect(readers.length).toBeGreaterThan(40);
  });

  it.each(readers)("%s", async (file) => {
    const source = fs.readFileSync(path.join(root, "app", file), "utf8");
    expect(await refusals(`app/${file}`, source)).toEqual([]);
    // Each call names its needs.
    const calls = source.match(/servicesOf\(context(?=[,)])/g) ?? [];
    expect(calls.length, "servicesOf calls").toBeGreaterThan(0);
    expect(source).not.toMatch(/servicesOf\(context\)/);
  });
});
