// ESLint flat config: code quality (typescript-eslint, React hooks) and the architecture's allowed
// arrows (docs/architecture.md). A boundary rule names the arrow that must never exist, so a
// wrong import fails `npm run lint` and CI with the reason, not a review comment months later.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * `@typescript-eslint/no-restricted-imports` patterns forbidding imports of the given app/ folders
 * (or app/ modules: "services.server"), with the reason. `typesFrom` lists folders whose *types*
 * may still be imported (`import type`): a room may name another's records without running its code.
 */
function forbid(folders, message, typesFrom = []) {
  const pattern = (folder, allowTypeImports) => ({
    regex: folder.endsWith(".server")
      ? `(^|/)(app/)?\\.?\\.?/?${folder.replace(".", "\\.")}(\\.ts)?$`
      : `(^|/)(app/)?${folder}/`,
    message,
    ...(allowTypeImports ? { allowTypeImports: true } : {}),
  });
  return {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          ...folders.map((folder) => pattern(folder, false)),
          ...typesFrom.map((folder) => pattern(folder, true)),
        ],
      },
    ],
  };
}

/** The domain rooms (docs/architecture.md); the composition root app/services.server.ts knows them all. */
const DOMAIN = [
  "orders",
  "billing",
  "quotes",
  "mail",
  "ops",
  "auth",
  "admin",
  "privacy",
  "automation",
  "delivery",
  "api",
];
const above = (...rooms) => ["routes", "components", ...rooms];

/** The two guards written with core `no-restricted-imports` (see where guardBlocks() is spread). */
function guardBlocks() {
  const limits = {
    paths: [
      {
        name: "rate-limiter-flexible",
        message: "Declare the limit in app/http/limits.server.ts and call limits.take() (take first, act second).",
      },
    ],
    patterns: [
      {
        regex: "(^|/)rate-limit\\.server(\\.ts)?$",
        message: "Only app/http/limits.server.ts counts limits: declare yours there and call limits.take().",
      },
    ],
  };
  const services = {
    regex: "(^|/)services\\.server(\\.ts)?$",
    importNames: ["getOrderServices"],
    message:
      "Read the services from the request's context (servicesOf(context, needs), app/services-context.ts) in a route, and hand a room what it uses as arguments.",
  };
  // A route names what it uses (servicesOf(context, needs), app/services-context.ts): it never holds
  // the whole bag, so it may not name its type, build the stores itself or read the context's opener.
  const byNeed = [
    services,
    {
      regex: "(^|/)services\\.server(\\.ts)?$",
      importNames: ["OrderServices"],
      message:
        "A route asks for what it uses: servicesOf(context, { repo: [rooms], links: true }) (app/services-context.ts), never the whole OrderServices.",
    },
    {
      regex: "(^|/)stores\\.server(\\.ts)?$",
      importNames: ["Stores", "storesOver", "openStores", "Rooms"],
      message:
        'A route asks for the rooms whose stores it uses (servicesOf(context, { repo: ["orders"] })), never the whole Stores.',
    },
    {
      regex: "(^|/)services-context(\\.ts)?$",
      importNames: ["servicesContext", "OpenServices"],
      message:
        "The context's opener yields every service: a route reads them with servicesOf(context, needs), which hands over only what it names.",
    },
  ];
  const rule = (options) => ({ "no-restricted-imports": ["error", options] });
  const tests = "**/*.test.{ts,tsx}";
  const limitModules = ["app/http/limits.server.ts", "app/http/rate-limit.server.ts"];
  const roots = ["server/app.ts", "app/entry.server.tsx"];
  return [
    {
      name: "guards/limits+services",
      files: ["app/**", "scripts/**"],
      ignores: [...limitModules, ...roots, tests],
      rules: rule({ ...limits, patterns: [...limits.patterns, services] }),
    },
    {
      name: "guards/limits+services+by-need (routes)",
      files: ["app/routes/**"],
      ignores: [tests],
      rules: rule({ ...limits, patterns: [...limits.patterns, ...byNeed] }),
    },
    { name: "guards/services (the limits' own modules)", files: limitModules, rules: rule({ patterns: [services] }) },
    { name: "guards/limits (the composition root's callers)", files: roots, rules: rule(limits) },
  ];
}

/** Boundary rules: one block per part of the app (see docs/architecture.md). */
const boundaries = [
  {
    name: "boundaries/components",
    files: ["app/components/**"],
    rules: forbid(
      [
        "orders",
        "billing",
        "quotes",
        "mail",
        "ops",
        "auth",
        "automation",
        "api",
        "payments",
        "routes",
        "services.server",
        "stores.server",
      ],
      "Components render data they are given; they never reach into the domain rooms, payments, auth or routes.",
      ["delivery"],
    ),
  },
  {
    name: "boundaries/payments",
    files: ["app/payments/**"],
    rules: forbid(
      [...DOMAIN, "routes", "components", "services.server", "stores.server"],
      "Payment adapters know nothing of orders, tables or pages: they receive a checkout request and injected URLs.",
    ),
  },
  {
    name: "boundaries/content",
    files: ["app/content/**"],
    rules: forbid(
      [...DOMAIN, "payments", "routes", "components", "lib", "config", "services.server", "stores.server"],
      "Content is data: it may use i18n's language list, nothing above it (not even the owner configuration).",
    ),
  },
  {
    name: "boundaries/i18n",
    files: ["app/i18n/**"],
    rules: forbid(
      [...DOMAIN, "payments", "routes", "components", "services.server", "stores.server"],
      "i18n resolves and formats languages; it never imports the domain, pages or auth.",
    ),
  },
  {
    name: "boundaries/db",
    files: ["app/db/**"],
    rules: forbid(
      [...DOMAIN, "payments", "routes", "components", "services.server", "stores.server"],
      "The database is the floor: rooms build their stores over it, it imports none of them.",
    ),
  },
  {
    name: "boundaries/lib",
    files: ["app/lib/**", "app/http/**"],
    rules: forbid(
      [...DOMAIN, "payments", "routes", "components", "services.server", "stores.server"],
      "lib/ and http/ are shared tools (config, logger, body reader, limits): they never import a room.",
    ),
  },
  {
    name: "boundaries/mail",
    files: ["app/mail/**"],
    rules: forbid(
      above("payments", "auth", "ops", "privacy", "automation", "services.server", "stores.server"),
      "Mail renders and sends the records it is given: it may name orders', quotes' and billing's types, never run their code.",
      ["orders", "billing", "quotes", "admin", "delivery"],
    ),
  },
  {
    name: "boundaries/orders",
    files: ["app/orders/**"],
    rules: forbid(
      above("auth", "quotes", "ops", "privacy", "stores.server"),
      "Orders are the domain: routes call them, never the other way round; billing, back office and auth sit above or beside. A room receives the services it needs (the container's type only).",
      ["billing", "admin", "services.server"],
    ),
  },
  {
    name: "boundaries/quotes",
    files: ["app/quotes/**"],
    rules: forbid(
      above("auth", "billing", "ops", "payments", "admin", "privacy", "stores.server"),
      "Quote requests use the order form's rules and the outbox; nothing else. A room receives the services it needs (the container's type only).",
      ["services.server"],
    ),
  },
  {
    name: "boundaries/billing",
    files: ["app/billing/**"],
    rules: forbid(
      above("auth", "quotes", "ops", "privacy", "stores.server"),
      "Billing follows paid orders (events, subscriptions, invoices); it never imports pages, auth or operator tools. A room receives the services it needs (the container's type only).",
      ["admin", "services.server"],
    ),
  },
  {
    name: "boundaries/auth",
    files: ["app/auth/**"],
    rules: forbid(
      above(
        "orders",
        "billing",
        "quotes",
        "mail",
        "ops",
        "admin",
        "payments",
        "privacy",
        "automation",
        "stores.server",
      ),
      "Owner sign-in is its own room: it stores the owner, sessions and limits; it never imports orders, billing, quotes, mail or payments (it asks the services for an email).",
    ),
  },
  {
    name: "boundaries/ops",
    files: ["app/ops/**"],
    rules: forbid(
      above("auth", "admin", "payments", "automation", "services.server"),
      "Operator tools (backup, restore, export, copy) work on the database; they never import pages, sign-in or payments.",
      ["orders", "mail", "billing", "quotes"],
    ),
  },
  {
    name: "boundaries/automation",
    files: ["app/automation/**"],
    rules: forbid(
      above("mail", "auth", "ops", "admin", "privacy", "payments", "services.server", "stores.server"),
      "Webhooks out render and send the records they are given: they may name orders', billing's and quotes' types, never run their code; the owner's email is asked of the services (onPaused).",
      ["orders", "billing", "quotes"],
    ),
  },
  {
    name: "boundaries/delivery",
    files: ["app/delivery/**"],
    rules: forbid(
      above(
        "auth",
        "billing",
        "quotes",
        "ops",
        "admin",
        "privacy",
        "payments",
        "api",
        "stores.server",
        "services.server",
      ),
      "The work after payment (brief, files, deliveries, revisions) uses the file storage, the outbox and the body reader; it names orders' types and receives its services, never runs another room's code.",
      ["orders"],
    ),
  },
  {
    name: "boundaries/files",
    files: ["app/files/**"],
    rules: forbid(
      [...DOMAIN, "payments", "routes", "components", "services.server", "stores.server"],
      "The file storage keeps bytes under keys: the rooms that own files use it, it imports none of them.",
    ),
  },
  {
    name: "boundaries/api",
    files: ["app/api/**"],
    rules: forbid(
      above("auth", "ops", "privacy", "payments", "stores.server"),
      "The API in is a door for the owner's automation: it checks a token and calls the back office's own actions (admin/), never sign-in, operator tools or payments.",
    ),
  },
  {
    name: "boundaries/stats",
    files: ["app/stats/**"],
    rules: forbid(
      [...DOMAIN, "payments", "routes", "components", "services.server", "stores.server"],
      "The funnel's counter counts and stores numbers: the Node front and the back office use it, it imports no room (and never anything that knows a visitor).",
    ),
  },
  {
    name: "boundaries/privacy",
    files: ["app/privacy/**"],
    rules: forbid(
      above("ops", "auth"),
      "The privacy room asks each room's store to find and erase a person's data (ADR 016): it names their stores' types, never runs their code or writes their tables.",
      [
        "orders",
        "billing",
        "quotes",
        "mail",
        "admin",
        "payments",
        "config",
        "delivery",
        "services.server",
        "stores.server",
      ],
    ),
  },
  {
    name: "boundaries/admin",
    files: ["app/admin/**"],
    rules: forbid(
      ["routes", "components"],
      "The back office's queries and actions serve its routes; they never import pages or components.",
    ),
  },
  {
    name: "boundaries/server",
    // server/app.ts and the front's parts that name the app's pages and services (kept pages,
    // visits, React Router, the request log) reach into app/: they are bundled with the app (vite.config.ts), so they
    // share the app's modules, one copy each. The other helpers stay app-free.
    files: ["server/**"],
    ignores: [
      "server/app.ts",
      "server/kept-pages.ts",
      "server/visits.ts",
      "server/react-router.ts",
      "server/request-log.ts",
      "server/*.test.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)app/",
              message:
                "Only server/app.ts and the front's app-bound parts (kept-pages, visits, react-router, request-log; bundled with the app) import app code; server/index.ts loads the build.",
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
              regex: "(^|/)app/|^\\./(?!serve(\\.ts)?$|node-env(\\.ts)?$)",
              message:
                "server/index.ts loads only the build (build/server/index.js); the Node front reaches the app inside that bundle.",
            },
          ],
        },
      ],
    },
  },
];

/*
 * Two guards written as `no-restricted-syntax` selectors. ESLint keeps only the last config's list
 * for one rule, so both lists live in one config, and each guard's own module is exempted from its
 * own selectors only (the two small configs below).
 *
 * Every request body is read by app/http/read-form.server.ts (byte, field-count and name-length
 * caps, known names only, before any parser): reading one any other way reopens the hole
 * where a 32-byte `x[99999999]=1` grew the process to 4 GB. Catches `request.formData()`,
 * `args.request.text()`, `req.json()`… on any object named request/req.
 *
 * One registry of cookies (app/lib/cookies.ts): the privacy policy lists what it holds, so no other
 * module may write a Set-Cookie header or make a React Router cookie of its own.
 */
const BODY_METHODS = "/^(formData|text|json|arrayBuffer|blob|bytes)$/";
const bodySelectors = [
  `MemberExpression[object.name=/^(request|req)$/][property.name=${BODY_METHODS}]`,
  `MemberExpression[object.property.name=/^(request|req)$/][property.name=${BODY_METHODS}]`,
  `MemberExpression[object.callee.property.name="clone"][property.name=${BODY_METHODS}]`,
].map((selector) => ({
  selector,
  message:
    "Read request bodies with readForm/requireForm/readRawText (app/http/read-form.server.ts): the one guarded reader.",
}));
const cookieSelectors = [
  {
    selector: "Literal[value=/^set-cookie$/i]",
    message:
      "Cookies are set through app/lib/cookies.ts (serializeCookie + appendSetCookie), so the privacy policy lists every one.",
  },
  {
    selector: "ImportSpecifier[imported.name=/^(createCookie|createCookieSessionStorage)$/]",
    message: "Cookies are made in app/lib/cookies.ts (routerCookie), so the privacy policy lists every one.",
  },
];
// Money leaves through one door: a refund or a cancellation is asked of the
// payment provider only by app/admin/money.server.ts, where the key's row decides it once and the
// effects are recorded as the webhook records them. A second caller would refund without that guard.
const moneySelectors = [
  "CallExpression[callee.property.name=/^(refund|cancelSubscription)$/][callee.object.name='provider']",
  "CallExpression[callee.property.name=/^(refund|cancelSubscription)$/][callee.object.property.name='provider']",
].map((selector) => ({
  selector,
  message:
    "Refunds and cancellations go through app/admin/money.server.ts (confirmRefund / confirmCancel): one decision per confirmation key.",
}));
// The orders table has one writer, the orders room (app/orders/): billing and the back office ask
// it (app/orders/billing-columns.server.ts), so how a change lands is decided once. Migrations
// (app/db/) and tests' fixtures write it too.
const ordersTableSelectors = [
  "CallExpression[callee.property.name=/^(updateTable|insertInto|deleteFrom|replaceInto)$/][arguments.0.value='orders']",
  'TemplateElement[value.raw=/\\b(UPDATE|INSERT\\s+INTO|DELETE\\s+FROM)\\s+"?orders\\b/i]',
  'Literal[value=/\\b(UPDATE|INSERT\\s+INTO|DELETE\\s+FROM)\\s+"?orders\\b/i]',
].map((selector) => ({
  selector,
  message:
    "Only the orders room (app/orders/) writes the orders table: ask it (e.g. app/orders/billing-columns.server.ts).",
}));
// A route's needs are read from its code: servicesOf takes them (the type refuses the call without),
// and a route may not name the whole bag's type in a type position either (`import("…").OrderServices`).
const byNeedSelectors = [
  {
    selector: "CallExpression[callee.name='servicesOf'][arguments.length<2]",
    message:
      "Name what this route uses: servicesOf(context, { repo: [rooms], links: true }) (app/services-context.ts).",
  },
  {
    selector: "TSImportType[qualifier.name=/^(OrderServices|Stores)$/]",
    message: "A route never names the whole services bag or stores bundle: ask servicesOf for what it uses.",
  },
];
/** Every file of app/: one body reader, the cookie registry, one money door, one writer of orders. */
const appSelectors = [...bodySelectors, ...cookieSelectors, ...moneySelectors, ...ordersTableSelectors];
const restrictedSyntax = [
  {
    name: "http/one-body-reader+cookies/registry+money/one-door+orders/one-writer",
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...appSelectors],
    },
  },
  {
    name: "http/one-body-reader+cookies/registry+money/one-door+orders/one-writer+services/by-need (routes)",
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      // A later block's no-restricted-syntax replaces the earlier one: the app's selectors again, then the routes' own.
      "no-restricted-syntax": ["error", ...appSelectors, ...byNeedSelectors],
    },
  },
  {
    name: "orders/one-writer (its room, migrations, tests)",
    files: ["app/orders/**", "app/db/**", "app/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...bodySelectors, ...cookieSelectors, ...moneySelectors] },
  },
  {
    name: "http/one-body-reader (its module)",
    files: ["app/http/read-form.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...cookieSelectors, ...moneySelectors, ...ordersTableSelectors] },
  },
  {
    name: "cookies/registry (its module)",
    files: ["app/lib/cookies.ts"],
    rules: { "no-restricted-syntax": ["error", ...bodySelectors, ...moneySelectors, ...ordersTableSelectors] },
  },
  {
    name: "money/one-door (its module)",
    files: ["app/admin/money.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...bodySelectors, ...cookieSelectors, ...ordersTableSelectors] },
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/out/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs["recommended-latest"],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are errors, except the `_`-prefixed ones kept for a signature's sake.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    name: "tests",
    files: ["tests/**", "**/*.test.{ts,tsx}"],
    // Tests read locale JSON of any shape.
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // One guard per protection (docs/architecture.md): every limit of the site is declared in
  // app/http/limits.server.ts and taken there, first, before the action it guards. Counting
  // elsewhere (a new limiter, a "locked?" look before a check) is how concurrent guesses slipped
  // through. Core `no-restricted-imports`, which no boundary block of these files uses, so both apply.
  //
  // The services reach routes through React Router's context (app/services-context.ts, set by the
  // server as it builds each request's context); rooms receive what they use as arguments. Only the
  // composition root's own callers look them up: the server (server/app.ts) and the start-up
  // (app/entry.server.tsx). A value import of getOrderServices anywhere else brings the global back.
  // ESLint keeps one option list per rule and file, so the two guards are written as blocks that
  // each file gets exactly one of.
  ...guardBlocks(),
  ...boundaries,
  {
    name: "boundaries/tests",
    // A test wires what it checks (stores, fixtures, a room's neighbours); the rules are for the app's own code.
    files: ["**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  ...restrictedSyntax,
  {
    // A test that opens a running server's SQLite file without a busy timeout fails with
    // "database is locked" whenever a background worker writes: red on a busy CI machine only.
    name: "tests/live-database",
    files: ["tests/**"],
    ignores: ["tests/support/live-db.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='DatabaseSync']",
          message:
            "Open a store a server may be writing to with openLiveDatabase() from tests/support/live-db.ts (it waits for the lock).",
        },
      ],
    },
  },
);
