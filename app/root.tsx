import { useTranslation } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { DemoBanner } from "./components/demo-banner.tsx";
import { PageHead } from "./components/page-head.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { NotFound } from "./components/not-found.tsx";
import { QuoteForm } from "./components/quote-form.tsx";
import { ClosingOrder, isOrderPage, PhoneOrderBar } from "./components/page-price.tsx";
import { quoteFormRules } from "./quotes/quote-schema.ts";
import { mailtoHref } from "./components/blocks/blocks.tsx";
import { isRequestPage, type RequestPage } from "./content/offers.ts";
import { NO_PROOF, proofFor } from "./config/proof.ts";
import { ProofBlocks } from "./components/proof-blocks.tsx";
import { ServiceJsonLd } from "./components/service-json-ld.tsx";
import { offerName, pageForPath } from "./i18n/site-map.ts";
import { getLocale, i18nMiddleware } from "./i18n/middleware.server.ts";
import { DEFAULT_LANGUAGE, type Language } from "./i18n/languages.ts";
import { getSiteConfig } from "./config/site.server.ts";
import { getEnv } from "./lib/env.server.ts";
import { requestInfoContext } from "./lib/request-context.ts";
import "./styles/app.css";

export const middleware: Route.MiddlewareFunction[] = i18nMiddleware;

/** Namespaces a hydrating page needs on the client (billing: the sandbox checkout's address form). */
const CLIENT_NAMESPACES = ["common", "order", "offers", "billing"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv();
  const lang = getLocale(context);
  const config = getSiteConfig();
  const page = pageForPath(new URL(request.url).pathname)?.id;
  return {
    lang,
    origin: env.PUBLIC_ORIGIN,
    contactEmail: config.contactEmail,
    publishedSince: config.publishedSince ?? null,
    /** "Book a call" beside every request form, when the owner has a scheduling page. */
    bookingUrl: config.bookingUrl ?? null,
    /** The owner's testimonials, case studies, logos and FAQ for this page (content/proof.ts). */
    proof: proofFor(config, page, lang),
    demo: !env.STRIPE_SECRET_KEY,
    nonce: context.get(requestInfoContext).nonce,
  };
}

/**
 * The translations a hydrating page needs, read from the i18next instance itself (server: every
 * language; client: what this block carried), so both sides render the same bytes.
 */
function clientTranslations(i18n: ReturnType<typeof useTranslation>["i18n"], lang: Language): string {
  const bundles = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, i18n.getResourceBundle(lang, ns) ?? {}]));
  return JSON.stringify(bundles).replace(/</g, "\\u003c");
}

export interface RouteHandle {
  /** Ship React Router's client scripts (forms that enhance with JS). Marketing pages ship none. */
  hydrate?: boolean;
  /** A server-rendered form checked as the visitor types by public/forms.js (no hydration). */
  formScript?: boolean;
  /** Hide the shared header and language switcher (catalogue pages say it with `bare`). */
  bare?: boolean;
  /** The back office: no public footer either (its own bar carries the brand). */
  backOffice?: boolean;
  /** Ship no script at all, not even the marketing pages' small enhancements (a customer's private page). */
  scriptless?: boolean;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The one optional read of the root data: the layout also renders when the root loader failed.
  const data = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const lang = (data?.lang ?? i18n.language ?? DEFAULT_LANGUAGE) as Language;
  const handles = matches.map((match) => (match.handle ?? {}) as RouteHandle);
  const hydrate = handles.some((handle) => handle.hydrate);
  const page = pageForPath(location.pathname);
  // A catalogue page marked `bare` (the datasets) or a route asking for it.
  const bare = handles.some((handle) => handle.bare) || Boolean(page?.bare);
  // Offers without a price, the datasets and the home page end with a request form (the catalogue's `request`).
  const pageId = page?.id;
  // (A priced page that `asks` is named by a request too, but its form stays on /quote.)
  const quotePage = page?.request && isRequestPage(pageId) ? pageId : null;
  // Only pages with a form load forms.js: the other marketing pages keep their JS to enhance.js.
  const formScript = !hydrate && (quotePage !== null || handles.some((handle) => handle.formScript));
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1020" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {data ? <PageHead lang={lang} origin={data.origin} /> : null}
        <Links />
        {hydrate || handles.some((handle) => handle.scriptless) ? null : <script src="/enhance.js" defer />}
      </head>
      <body className="flex min-h-dvh flex-col bg-surface text-ink antialiased">
        <a href="#main" className="skip-link">
          {i18n.t("common:a11y.skip")}
        </a>
        {data?.demo ? <DemoBanner /> : null}
        {bare ? null : <SiteHeader lang={lang} />}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
          {pageId ? <ServiceJsonLd page={pageId} lang={lang} origin={data?.origin ?? ""} /> : null}
          {/* A priced page shows its evidence itself, before its pricing (PageEvidence); here its FAQ, then its closing order band. */}
          <ProofBlocks
            proof={data?.proof ?? NO_PROOF}
            lang={lang}
            part={pageId && isOrderPage(pageId) ? "faq" : "all"}
          />
          {pageId && isOrderPage(pageId) ? <ClosingOrder page={pageId} lang={lang} /> : null}
          {/* Last of a priced page's content, after its proof and FAQ: the phone's price-and-order bar rides along the whole page. */}
          {pageId && isOrderPage(pageId) ? <PhoneOrderBar page={pageId} lang={lang} /> : null}
          {quotePage ? (
            <QuoteSection
              page={quotePage}
              lang={lang}
              contactEmail={data?.contactEmail ?? ""}
              bookingUrl={data?.bookingUrl ?? null}
            />
          ) : null}
        </main>
        {handles.some((handle) => handle.backOffice) ? null : (
          <SiteFooter
            lang={lang}
            contactEmail={data?.contactEmail ?? ""}
            publishedSince={data?.publishedSince ?? null}
            switcher={!bare}
          />
        )}
        {/* After the content: requested once the page is parsed, never ahead of the stylesheet. */}
        {formScript ? <script src="/forms.js" defer /> : null}
        {hydrate ? (
          <>
            <script
              type="application/json"
              id="i18n-resources"
              // Data block, never executed: safe under the CSP; "<" escaped so it cannot close the tag.
              dangerouslySetInnerHTML={{ __html: clientTranslations(i18n, lang) }}
            />
            <ScrollRestoration nonce={data?.nonce} />
            <Scripts nonce={data?.nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function QuoteSection({
  page,
  lang,
  contactEmail,
  bookingUrl,
}: {
  page: RequestPage;
  lang: Language;
  contactEmail: string;
  bookingUrl: string | null;
}) {
  const { t } = useTranslation("quote");
  return (
    <section className="bg-surface pt-10 pb-20" id="request-quote" aria-label={t("form.title")}>
      <div className="container-page">
        <QuoteForm
          page={page}
          lang={lang}
          rules={quoteFormRules()}
          contactHref={mailtoHref(contactEmail, offerName(t, page))}
          bookingUrl={bookingUrl}
        />
      </div>
    </section>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A body refused by the one body reader (app/http/read-form.server.ts) says why.
  const refusal =
    isRouteErrorResponse(error) && typeof error.data?.refusal === "string" ? (error.data.refusal as string) : null;
  return <ErrorNotice status={status} refusal={refusal} />;
}

function ErrorNotice({ status, refusal }: { status: number; refusal: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="container-page py-32 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent-600 uppercase">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">{t(status >= 500 ? "common:errors.server" : "common:errors.request")}</h1>
      {refusal ? <p className="lead mt-4">{t(`common:errors.body.${refusal}`)}</p> : null}
      <a className="btn-primary mt-8" href="/">
        {t("common:notFound.home")}
      </a>
    </section>
  );
}
