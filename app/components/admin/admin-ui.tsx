import { useTranslation } from "react-i18next";

/** Small building blocks of the back office: phone-first, plain forms, no client JavaScript. */

export function AdminPage({ title, children, wide }: { title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section className={`mx-auto w-full px-4 py-6 sm:px-8 sm:py-10 ${wide ? "max-w-5xl" : "max-w-md"}`}>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
    </section>
  );
}

export function Notice({ tone, children, testId }: { tone: "error" | "ok" | "info"; children: React.ReactNode; testId?: string }) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    ok: "border-emerald-300 bg-emerald-50 text-emerald-900",
    info: "border-line bg-white text-ink",
  }[tone];
  return (
    <p role={tone === "error" ? "alert" : "status"} data-testid={testId} className={`mt-4 rounded-xl border px-4 py-3 text-sm font-medium ${styles}`}>
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
}: {
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
  const id = `admin-${name}`;
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

export function SubmitButton({ children, name, value, secondary }: { children: React.ReactNode; name?: string; value?: string; secondary?: boolean }) {
  return (
    <button type="submit" name={name} value={value} className={`${secondary ? "btn-secondary" : "btn-primary"} mt-6 w-full sm:w-auto`}>
      {children}
    </button>
  );
}

/** The bar above every signed-in page: back office home and sign-out. */
export function AdminBar() {
  const { t } = useTranslation("admin");
  return (
    <div className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2 sm:px-8">
        <a href="/admin" className="font-semibold text-accent-700">
          {t("title")}
        </a>
        <SignOutForm />
      </div>
    </div>
  );
}

/** Sign-out is a POST (a link could be followed by a prefetch or a crawler). */
export function SignOutForm({ className }: { className?: string }) {
  const { t } = useTranslation("admin");
  return (
    <form method="post" action="/admin/sign-out" className={className}>
      <button type="submit" className="min-h-11 rounded-lg px-3 text-sm font-medium text-muted underline hover:text-ink">
        {t("signOut")}
      </button>
    </form>
  );
}
