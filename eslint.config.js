// ESLint flat config: code quality (typescript-eslint, React hooks) and the architecture's allowed
// arrows (docs/architecture.md). A boundary rule names the arrow that must never exist, so a
// wrong import fails `npm run lint` and CI with the reason, not a review comment months later.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** `no-restricted-imports` patterns forbidding imports of the given app/ folders, with the reason. */
function forbid(folders, message) {
  return {
    "no-restricted-imports": [
      "error",
      { patterns: folders.map((folder) => ({ regex: `(^|/)(app/)?${folder}/`, message })) },
    ],
  };
}

/** Boundary rules: one block per part of the app (see docs/architecture.md). */
const boundaries = [
  {
    name: "boundaries/components",
    files: ["app/components/**"],
    rules: forbid(["orders", "payments", "routes", "auth"], "Components render data they are given; they never reach into orders, payments, auth or routes."),
  },
  {
    name: "boundaries/payments",
    files: ["app/payments/**"],
    rules: forbid(["orders", "routes", "components", "auth"], "Payment adapters know nothing of orders or pages: they receive a checkout request and injected URLs."),
  },
  {
    name: "boundaries/content",
    files: ["app/content/**"],
    rules: forbid(["orders", "payments", "routes", "components", "auth", "lib"], "Content is data: it may use i18n's language list, nothing above it."),
  },
  {
    name: "boundaries/i18n",
    files: ["app/i18n/**"],
    rules: forbid(["orders", "payments", "routes", "components", "auth"], "i18n resolves and formats languages; it never imports orders, payments, pages or auth."),
  },
  {
    name: "boundaries/orders",
    files: ["app/orders/**"],
    rules: forbid(["routes", "components", "auth"], "Orders are the domain: routes call them, never the other way round."),
  },
  {
    name: "boundaries/auth",
    files: ["app/auth/**"],
    rules: forbid(["routes", "components", "payments"], "Owner sign-in is its own part: routes call it; it never imports pages or payment adapters."),
  },
  {
    name: "boundaries/admin",
    files: ["app/admin/**"],
    rules: forbid(["routes", "components"], "The back office's queries and actions serve its routes; they never import pages or components."),
  },
  {
    name: "boundaries/server",
    // server/app.ts is the one file of server/ that reaches into app/: it is bundled with the app
    // (vite.config.ts), so it shares the app's modules, one copy each. The helpers stay app-free.
    files: ["server/**"],
    ignores: ["server/app.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)app/",
              message: "Only server/app.ts (bundled with the app) imports app code; server/index.ts loads the build.",
            },
          ],
        },
      ],
    },
  },
  {
    name: "boundaries/server-launcher",
    files: ["server/index.js", "server/index.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)app/|^\\./(app|page-cache|security-headers|client-ip|canonical-redirect|same-origin)(\\.ts)?$",
              message: "server/index.ts loads only the build (build/server/index.js); the Node front reaches the app inside that bundle.",
            },
          ],
        },
      ],
    },
  },
];

/**
 * One registry of cookies (app/lib/cookies.ts): the privacy policy lists what it holds, so no other
 * module may write a Set-Cookie header or make a React Router cookie of its own.
 */
const cookieRegistry = {
  name: "cookies/registry",
  files: ["app/**"],
  ignores: ["app/lib/cookies.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: "Literal[value=/^set-cookie$/i]",
        message: "Cookies are set through app/lib/cookies.ts (serializeCookie + appendSetCookie), so the privacy policy lists every one.",
      },
      {
        selector: "ImportSpecifier[imported.name=/^(createCookie|createCookieSessionStorage)$/]",
        message: "Cookies are made in app/lib/cookies.ts (routerCookie), so the privacy policy lists every one.",
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/out/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs["recommended-latest"],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are errors, except the `_`-prefixed ones kept for a signature's sake.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    name: "tests",
    files: ["tests/**", "**/*.test.{ts,tsx}"],
    // Tests read locale JSON of any shape.
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  ...boundaries,
  cookieRegistry,
);
