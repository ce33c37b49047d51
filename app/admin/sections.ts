/**
 * The back office's sections (the tabs of the bar above every signed-in page) and which one a URL
 * belongs to. The bar reads the current URL through this one function, so no page names its tab by
 * hand (the refund and cancel screens used to say "dashboard"). Pure: the bar's component imports it.
 */
export const ADMIN_SECTIONS = [
  { href: "/admin", label: "nav.dashboard", under: [] },
  // The invoices and receipts are the orders' papers: the Orders tab.
  { href: "/admin/orders", label: "nav.orders", under: ["/admin/invoices"] },
  { href: "/admin/quotes", label: "nav.quotes", under: [] },
  { href: "/admin/customers", label: "data-rights:nav", under: [] },
  { href: "/admin/automation", label: "automation:nav", under: [] },
  { href: "/admin/security", label: "nav.security", under: [] },
] as const satisfies ReadonlyArray<{ href: string; label: string; under: readonly string[] }>;

export type AdminSection = (typeof ADMIN_SECTIONS)[number]["href"];

/** `/admin/orders/x/refund` is under `/admin/orders`; `/admin/ordersx` is not. */
const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The section a back-office URL belongs to: the dashboard for `/admin` itself, otherwise the section
 * whose address (or one it holds, `under`) starts the path. A page under none has no current tab
 * (tests/integration/admin-tabs.test.ts fails for a page of app/routes.ts left without one).
 */
export function adminSection(pathname: string): AdminSection | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/admin") return "/admin";
  return ADMIN_SECTIONS.find(
    (section) => section.href !== "/admin" && [section.href, ...section.under].some((prefix) => isUnder(path, prefix)),
  )?.href;
}
