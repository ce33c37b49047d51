import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { LANGUAGES } from "./i18n/languages.ts";
import { PAGES, THANK_YOU_PATHS } from "./i18n/site-map.ts";

// Every marketing page at its path and at `{path}/{lng}` (the suffix forces the language).
const marketing = PAGES.flatMap((page) => [
  route(page.path, page.file, { id: page.id }),
  ...LANGUAGES.map((lang) =>
    route(page.path === "/" ? `/${lang}` : `${page.path}/${lang}`, page.file, { id: `${page.id}-${lang}` }),
  ),
]);

// A page's own language slugs (the catalogue's `slugs`), after every `{path}/{lng}` route.
const slugRoutes = PAGES.flatMap((page) =>
  Object.entries(page.slugs ?? {}).map(([lang, path]) => route(path, page.file, { id: `${page.id}-slug-${lang}` })),
);

const thankYou = Object.entries(THANK_YOU_PATHS).map(([lang, path]) =>
  route(path, "routes/thank-you.tsx", { id: `thank-you-${lang}` }),
);

export default [
  ...marketing,
  ...slugRoutes,
  route("/commander", "routes/commander.tsx"),
  route("/quote", "routes/quote.tsx"),
  ...thankYou,
  route("/checkout/sandbox/:sessionId", "routes/checkout-sandbox.tsx"),
  route("/webhooks/stripe", "routes/webhooks-stripe.ts"),
  route("/subscription", "routes/subscription-request.tsx"),
  route("/subscription/:token", "routes/subscription-manage.tsx"),
  route("/invoice/:token", "routes/invoice.tsx"),
  route("/order", "routes/order-request.tsx"),
  route("/order/:token", "routes/order-page.tsx"),
  route("/files/:file", "routes/order-file.ts"),
  // A priced proposal (app/quotes/): signed link, accept and pay, decline, ask a question.
  route("/proposal/:token", "routes/proposal.tsx"),
  // The owner's back office: not in the page registry (never cached, never in the sitemap).
  route("/admin", "routes/admin.tsx", [
    index("routes/admin-dashboard.tsx"),
    route("orders", "routes/admin-orders.tsx"),
    route("sign-in", "routes/admin-sign-in.tsx"),
    route("verify", "routes/admin-verify.tsx"),
    route("setup", "routes/admin-setup.tsx"),
    route("enrol", "routes/admin-enrol.tsx"),
    route("sign-out", "routes/admin-sign-out.tsx"),
    route("unlock", "routes/admin-unlock.tsx"),
    route("forgot", "routes/admin-forgot.tsx"),
    route("reset", "routes/admin-reset.tsx"),
    route("passkey", "routes/admin-passkey.ts"),
    route("security", "routes/admin-security.tsx"),
    route("orders.csv", "routes/admin-orders-csv.ts"),
    route("orders/:orderId", "routes/admin-order.tsx"),
    route("orders/:orderId/refund", "routes/admin-order-refund.tsx"),
    route("orders/:orderId/cancel", "routes/admin-order-cancel.tsx"),
    route("orders/:orderId/deliver", "routes/admin-order-deliver.ts"),
    route("orders/:orderId/files/:fileId", "routes/admin-order-file.ts"),
    route("invoices", "routes/admin-invoices.tsx"),
    route("quotes", "routes/admin-quotes.tsx"),
    route("automation", "routes/admin-automation.tsx"),
    // A proposal for an email address, with no request before it (app/quotes/request-quote.server.ts startQuote).
    route("quotes/new", "routes/admin-quote-new.tsx"),
    route("quotes/:quoteId", "routes/admin-quote.tsx"),
    // A customer's data (GDPR): find by email, export, erase (app/privacy/).
    route("customers", "routes/admin-customers.tsx"),
    route("customers/export", "routes/admin-customer-export.ts"),
    route("customers/summary", "routes/admin-customer-summary.tsx"),
    route("customers/erase", "routes/admin-customer-erase.tsx"),
  ]),
  // The API in for the owner's automation (app/api/, docs/api.md): bearer tokens, JSON only.
  route("/api/v1/orders", "routes/api-v1-orders.ts"),
  route("/api/v1/orders/:id", "routes/api-v1-order.ts"),
  route("/api/v1/orders/:id/deliveries", "routes/api-v1-order-deliveries.ts"),
  route("/api/v1/orders/:id/status", "routes/api-v1-order-status.ts"),
  route("/api/v1/files/:link", "routes/api-v1-file.ts"),
  route("/api/v1/quotes", "routes/api-v1-quotes.ts"),
  route("/api/v1/quotes/:id", "routes/api-v1-quote.ts"),
  route("/api/v1/quotes/:id/proposals", "routes/api-v1-quote-proposals.ts"),
  route("/api/v1/openapi.json", "routes/api-v1-openapi.ts"),
  // Any other path under /api/ (another version, a typo): a problem+json 404, never the site's page.
  route("/api/*", "routes/api-not-found.ts"),
  route("/api", "routes/api-not-found.ts", { id: "routes/api-root" }),
  route("/sitemap.xml", "routes/sitemap.ts"),
  route("/robots.txt", "routes/robots.ts"),
  route("/healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
