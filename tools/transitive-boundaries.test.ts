// The boundary rules of eslint.config.js check each import on its own line. A room can still reach
// a room it must not by way of a third module (auth → lib/x → orders). This walks the real import
// graph of app/ and server/ (value imports only: `import type` runs nothing) and holds every module
// a file reaches to the same rules as a direct import from that file.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

/** Where the walk stops: the composition root hands every room what it needs (its arrows are declared, not followed). */
const INVERSION_POINTS = new Set(["app/services.server.ts", "app/stores.server.ts"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [relative]
      : [];
  });
}

/** The modules `file` (source text) imports for their values: static imports and re-exports not marked `type`, and dynamic import(). */
export function valueImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A relative specifier resolved to a repository path (app/…); null for packages and virtual modules. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = path.join(path.dirname(from), specifier);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** The restricted-import patterns that apply to `file` (eslint.config.js, as ESLint computes them for it). */
async function patternsFor(file: string): Promise<RegExp[]> {
  const config = await eslint.calculateConfigForFile(path.join(root, file));
  const rule = config.rules?.["@typescript-eslint/no-restricted-imports"];
  if (!Array.isArray(rule) || rule[0] === "off" || rule[0] === 0) return [];
  const options = rule[1] as { patterns?: Array<{ regex?: string }> } | undefined;
  // A value chain is refused by a type-only allowance too: that pattern allows `import type` only.
  return (options?.patterns ?? []).flatMap((pattern) => (pattern.regex ? [new RegExp(pattern.regex)] : []));
}

/** The specifier `from` would write to import `to` directly. */
function specifierBetween(from: string, to: string): string {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** Every violation reached through a chain of value imports: "from → … → to". */
export async function transitiveViolations(
  files: readonly string[],
  read: (file: string) => string,
): Promise<string[]> {
  const graph = new Map<string, string[]>();
  const edges = (file: string): string[] => {
    let found = graph.get(file);
    if (!found) {
      found = INVERSION_POINTS.has(file)
        ? []
        : valueImports(file, read(file)).flatMap((specifier) => resolve(file, specifier) ?? []);
      graph.set(file, found);
    }
    return found;
  };
  const violations: string[] = [];
  for (const file of files) {
    const patterns = await patternsFor(file);
    if (!patterns.length) continue;
    // Breadth first, remembering one path to each module for the message.
    const via = new Map<string, string>([[file, ""]]);
    const queue = [file];
    while (queue.length) {
      const current = queue.shift()!;
      for (const next of edges(current)) {
        if (via.has(next)) continue;
        via.set(next, current);
        queue.push(next);
      }
    }
    for (const [reached, parent] of via) {
      if (reached === file || parent === file) continue; // Direct imports are the lint rule's own job.
      const specifier = specifierBetween(file, reached);
      if (!patterns.some((pattern) => pattern.test(specifier))) continue;
      const chain = [reached];
      for (let step = parent; step && step !== file; step = via.get(step)!) chain.unshift(step);
      violations.push([file, ...chain].join(" → "));
    }
  }
  return violations;
}

describe("architecture boundaries, followed through every chain of imports", () => {
  test("no file reaches, through other modules, a module it may not import itself", async () => {
    const files = [...sourceFiles("app"), ...sourceFiles("server")];
    const violations = await transitiveViolations(files, (file) => fs.readFileSync(path.join(root, file), "utf8"));
    console.log(`transitive boundaries: ${files.length} files walked`);
    expect(violations).toEqual([]);
  }, 300_000);

  test("a bad import two steps away is found (auth → lib → orders), while the same chain made of type imports is not", async () => {
    // A pretend tree on top of the real one: auth imports a lib helper that imports the orders room.
    const fake = new Map([
      [
        "app/auth/pretend-step.server.ts",
        'import { helper } from "../lib/pretend-helper.ts";\nexport const go = helper;\n',
      ],
      [
        "app/lib/pretend-helper.ts",
        'import { placeOrder } from "../orders/place-order.server.ts";\nexport const helper = placeOrder;\n',
      ],
      [
        "app/auth/pretend-types.server.ts",
        'import type { Helper } from "../lib/pretend-typed.ts";\nexport type X = Helper;\n',
      ],
      ["app/lib/pretend-typed.ts", 'import type { Order } from "../orders/types.ts";\nexport type Helper = Order;\n'],
    ]);
    const read = (file: string) => fake.get(file) ?? fs.readFileSync(path.join(root, file), "utf8");
    const exists = fs.existsSync;
    // resolve() checks the disk: let it see the pretend files.
    const spy = (candidate: fs.PathLike) => fake.has(path.relative(root, String(candidate))) || exists(candidate);
    const stat = fs.statSync;
    Object.assign(fs, {
      existsSync: spy,
      statSync: (candidate: fs.PathLike) =>
        fake.has(path.relative(root, String(candidate))) ? { isFile: (): boolean => true } : stat(candidate),
    });
    try {
      const violations = await transitiveViolations(
        ["app/auth/pretend-step.server.ts", "app/auth/pretend-types.server.ts"],
        read,
      );
      expect(violations).toContain(
        "app/auth/pretend-step.server.ts → app/lib/pretend-helper.ts → app/orders/place-order.server.ts",
      );
      // Only the value chain: the type-only one reaches nothing at run time.
      expect(
        violations.filter(
          (line) => !line.startsWith("app/auth/pretend-step.server.ts → app/lib/pretend-helper.ts → app/orders/"),
        ),
      ).toEqual([]);
    } finally {
      Object.assign(fs, { existsSync: exists, statSync: stat });
    }
  });
});
