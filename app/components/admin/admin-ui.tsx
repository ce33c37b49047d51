import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { ADMIN_SECTIONS, adminSection } from "../../admin/sections.ts";
import { Logo } from "../logo.tsx";

/** Small building blocks of the back office: phone-first, plain forms, no client JavaScript. */

export function AdminPage({ title, children, wide }: { title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section className={`mx-auto w-full px-4 py-6 sm:px-8 sm:py-10 ${wide ? "max-w-5xl" : "max-w-md"}`}>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
    </section>
  );
}

export function Notice({
  tone,
  children,
  testId,
}: {
  tone: "error" | "ok" | "info";
  children: React.ReactNode;
  testId?: string;
}) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    ok: "border-emerald-300 bg-emerald-50 text-emerald-900",
    info: "border-line bg-white text-ink",
  }[tone];
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`mt-4 rounded-xl border px-4 py-3 text-sm font-medium ${styles}`}
    >
      {children}
    </p>
  );
}

export function Field({
  name,
  label,
  type = "text",
  autoComplete,
  hint,
  required = true,
  inputMode,
  maxLength,
  autoFocus,
  defaultValue,
  invalid,
  id: givenId,
}: {
  /** When two forms of a page have a field of the same name. */
  id?: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  required?: boolean;
  inputMode?: "numeric" | "text" | "search" | "email";
  maxLength?: number;
  autoFocus?: boolean;
  defaultValue?: string;
  invalid?: boolean;
}) {
  const id = givenId ?? `admin-${name}`;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base aria-invalid:border-red-500"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({
  children,
  name,
  value,
  secondary,
}: {
  children: React.ReactNode;
  name?: string;
  value?: string;
  secondary?: boolean;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`${secondary ? "btn-secondary" : "btn-primary"} mt-6 w-full sm:w-auto`}
    >
      {children}
    </button>
  );
}

/** The authenticator-code form of enrolment and of the second sign-in step (posts back to `action`). */
export function CodeForm({
  action,
  submit,
  error,
  autoFocus,
}: {
  action: string;
  submit: string;
  error?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action={action}>
      <Field
        name="code"
        label={t("fields.code")}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={8}
        autoFocus={autoFocus}
        invalid={error}
      />
      <SubmitButton>{submit}</SubmitButton>
    </Form>
  );
}

/**
 * The bar above every signed-in page: the sections (the current one, read from the URL, marked) and
 * sign-out. On a phone every section stays in sight, one tap away: the brand and sign-out on the
 * first row, the sections wrapped below in as many rows as the language needs (a sideways scroller
 * hid five of six sections behind "Tableau de bord" with no hint that more were there).
 */
export function AdminBar() {
  const { t } = useTranslation("admin");
  const current = adminSection(useLocation().pathname);
  return (
    <div className="admin-bar border-b border-line bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-2 px-4 py-1 sm:flex-nowrap sm:px-8">
        <a href="/admin" className="flex shrink-0 items-center gap-2 font-bold text-ink" data-testid="admin-brand">
          <Logo className="size-7" />
          {/* The logo says it: the room goes to the sections, one row at a desk in every language. */}
          <span className="sr-only">{t("common:brand")}</span>
        </a>
        <SignOutForm className="ml-auto sm:order-last" />
        <nav
          aria-label={t("title")}
          data-testid="admin-sections"
          className="flex w-full flex-wrap items-center gap-x-1 max-sm:-mx-2 max-sm:pb-1 sm:w-auto sm:min-w-0 sm:flex-1"
        >
          {ADMIN_SECTIONS.map((section) => (
            <a
              key={section.href}
              href={section.href}
              aria-current={section.href === current ? "page" : undefined}
              className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 font-semibold whitespace-nowrap text-accent-700 underline-offset-4 aria-[current=page]:text-ink aria-[current=page]:underline max-sm:text-sm"
            >
              {t(section.label)}
            </a>
          ))}
        </nav>
      </div>
    </div>
  );
}

/** A signed-in page about one thing (an order, a quote request): the bar, a link back to its section's list, its title. */
export function AdminDetailPage({ back, title, children }: { back: string; title: string; children: React.ReactNode }) {
  const section = adminSection(useLocation().pathname) ?? "/admin";
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
        <a href={section} className="text-sm text-accent-700 underline">
          {back}
        </a>
        <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{title}</h1>
        {children}
      </section>
    </>
  );
}

/** A back-office list of rows (`AdminListItem`s), or a line saying there are none. */
export function AdminList<T>({
  rows,
  testId,
  empty,
  children,
}: {
  rows: readonly T[];
  testId: string;
  empty: string;
  children: (row: T) => React.ReactNode;
}) {
  if (!rows.length) return <p className="mt-6 text-muted">{empty}</p>;
  return (
    <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white" data-testid={testId}>
      {rows.map(children)}
    </ul>
  );
}

/** One row of a back-office list, a link to its page: who, a note on the right, their email, then small facts. */
export function AdminListItem({
  href,
  name,
  aside,
  email,
  children,
}: {
  href: string;
  name: string;
  aside: React.ReactNode;
  email: string;
  children: React.ReactNode;
}) {
  return (
    <li>
      <a href={href} className="block px-4 py-3 hover:bg-accent-50">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold break-all">{name}</span>
          {aside}
        </span>
        <span className="mt-0.5 block text-sm break-all text-muted">{email}</span>
        <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted">{children}</span>
      </a>
    </li>
  );
}

/** Previous / "page n of m" / next links of a list (plain links: they work without JavaScript). */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation("admin");
  if (pages <= 1) return null;
  return (
    <nav className="mt-4 flex items-center justify-between text-sm" aria-label={t("orders.pages")}>
      {page > 1 ? (
        <a className="btn-secondary" href={href(page - 1)}>
          {t("orders.previous")}
        </a>
      ) : (
        <span />
      )}
      <span>{t("orders.pageOf", { page, pages })}</span>
      {page < pages ? (
        <a className="btn-secondary" href={href(page + 1)}>
          {t("orders.next")}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Sign-out is a POST (a link could be followed by a prefetch or a crawler). */
export function SignOutForm({ className }: { className?: string }) {
  const { t } = useTranslation("admin");
  return (
    <form method="post" action="/admin/sign-out" className={className}>
      <button
        type="submit"
        className="min-h-11 rounded-lg px-3 text-sm font-medium text-muted underline hover:text-ink"
      >
        {t("signOut")}
      </button>
    </form>
  );
}

/** The recovery codes just made: shown once (the page answering the POST), to write down or print. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation("admin");
  const brand = t("common:brand");
  // The file a password manager or a drawer keeps: what the codes are for, then one per line.
  const file = `${t("recovery.fileTitle", { brand })}\n\n${codes.join("\n")}\n`;
  return (
    <div className="recovery-codes" data-print-only-this>
      <p className="mt-4 text-sm text-muted">{t("recovery.intro", { n: codes.length })}</p>
      {/* One code per row, numbered, in a font where 1/l and 0/o differ: read back and typed without doubt. */}
      <ol
        className="mt-4 grid gap-1 rounded-2xl border border-line bg-white p-4 font-mono text-lg tracking-wide"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="flex items-baseline gap-3 whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        {/* Works without JavaScript: the file is in the link itself (nothing is stored or served). */}
        <a
          className="btn-secondary min-h-11"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download={t("recovery.fileName")}
          data-recovery="download"
        >
          {t("recovery.download")}
        </a>
        {/* Printing and copying need a script (public/enhance.js shows these buttons when it runs). */}
        <button type="button" className="btn-secondary min-h-11" data-print hidden>
          {t("recovery.print")}
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11"
          data-copy={codes.join("\n")}
          data-copied={t("recovery.copied")}
          hidden
        >
          {t("recovery.copy")}
        </button>
      </div>
      <p className="mt-3 text-sm font-semibold">{t("recovery.once")}</p>
    </div>
  );
}

/** "Lost your phone?": a recovery code in place of the authenticator's code (a text field, not a numeric one). */
export function RecoveryCodeForm({ action }: { action: string }) {
  const { t } = useTranslation("admin");
  return (
    <details className="mt-6 rounded-xl border border-line bg-white px-4 py-2">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-accent-700">{t("recovery.useOne")}</summary>
      <Form method="post" action={action}>
        <Field
          id="admin-recovery-code"
          name="code"
          label={t("fields.recoveryCode")}
          autoComplete="off"
          maxLength={40}
          hint={t("recovery.hint")}
        />
        <SubmitButton secondary>{t("recovery.submit")}</SubmitButton>
      </Form>
    </details>
  );
}

/**
 * The passkey button: the one step that needs JavaScript (WebAuthn is a browser API). Rendered
 * hidden; public/passkey.js shows it only where the browser has passkeys, and runs the ceremony
 * against /admin/passkey. Without JavaScript the page's forms do everything else.
 */
export function PasskeyButton({ mode, returnTo }: { mode: "sign-in" | "register"; returnTo?: string }) {
  const { t } = useTranslation("admin");
  return (
    <div data-passkey={mode} data-return-to={returnTo} data-failed={t("passkey.failed")} hidden className="mt-6">
      <button type="button" className={`${mode === "sign-in" ? "btn-secondary" : "btn-primary"} w-full sm:w-auto`}>
        {t(mode === "sign-in" ? "passkey.signIn" : "passkey.add")}
      </button>
      {/* Announced when the script writes a refusal into it (an empty role="alert" would be a second alert on the page). */}
      <p aria-live="assertive" data-passkey-error className="mt-2 text-sm text-red-800" />
      <script src="/passkey.js" defer />
    </div>
  );
}
