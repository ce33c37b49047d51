import { useTranslation } from "react-i18next";
import type { FileView, WorkView } from "../delivery/types.ts";
import type { Language } from "../i18n/languages.ts";

/** A list of downloadable files (always downloads: the server answers them as attachments). */
export function FileList({ files, testId }: { files: FileView[]; testId?: string }) {
  const { t } = useTranslation("delivery");
  if (!files.length) return null;
  return (
    <ul className="mt-2 space-y-1" data-testid={testId}>
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-baseline gap-x-2">
          <a className="font-medium break-all underline" href={file.url} download={file.name}>
            {file.name}
          </a>
          <span className="text-sm text-muted">
            {file.size} · {t("deliveries.download")}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "5 of 8 this month": the pieces delivered in the current billing period, for an offer with an allowance. */
export function Allowance({ work }: { work: WorkView }) {
  const { t } = useTranslation("delivery");
  if (!work.allowance) return null;
  return (
    <p className="mt-2 font-semibold" data-testid="allowance">
      {t("deliveries.allowance", { done: work.allowance.done, total: work.allowance.total })}
    </p>
  );
}

/**
 * The current billing period of a subscription: "Month 2 · 1 – 31 December", and when the next
 * piece is due (or that the month's pieces are all delivered).
 */
export function PeriodHeading({
  work,
  as = "h2",
  next = true,
}: {
  work: WorkView;
  as?: "h2" | "h3";
  /** Whether to say when the next piece is due (the customer's page says it at its top; "all delivered" is said here). */
  next?: boolean;
}) {
  const { t } = useTranslation("delivery");
  if (!work.period)
    return (
      <>
        {as === "h2" ? <h2 className="mt-10 text-lg font-semibold">{t("deliveries.title")}</h2> : null}
        <Allowance work={work} />
      </>
    );
  const Heading = as;
  return (
    <>
      <Heading className={as === "h2" ? "mt-10 text-lg font-semibold" : "mt-4 font-semibold"} data-testid="period">
        {t("period.title", { number: work.period.number, starts: work.period.starts, ends: work.period.ends })}
      </Heading>
      <Allowance work={work} />
      {next || !work.nextDue ? <NextPiece work={work} /> : null}
    </>
  );
}

/** When the next piece of the period is due, or that the period's pieces are all delivered (a subscription). */
export function NextPiece({ work }: { work: WorkView }) {
  const { t } = useTranslation("delivery");
  if (!work.period || work.closed) return null;
  if (work.nextDue)
    return (
      <p className="mt-1" data-testid="next-piece" data-late={work.nextDue.late || undefined}>
        {t(work.allowance ? "period.nextPiece" : "period.nextDelivery")}{" "}
        <time className="font-semibold" dateTime={work.nextDue.datetime}>
          {work.nextDue.label}
        </time>
      </p>
    );
  return work.openRevision ? null : (
    <p className="mt-1 text-sm text-muted" data-testid="period-complete">
      {t("period.complete", { date: work.period.ends })}
    </p>
  );
}

/** The deliveries and the revisions asked, in order: each delivery with its link, files and note. */
export function DeliveryList({ work, acceptEach = false }: { work: WorkView; acceptEach?: boolean }) {
  const { t } = useTranslation("delivery");
  if (!work.deliveries.length) return <p className="mt-2 text-sm text-muted">{t("deliveries.none")}</p>;
  return (
    <ol className="mt-3 space-y-4" data-testid="deliveries">
      {work.deliveries.map((delivery) => {
        const revision = work.revisions.find((asked) => asked.round === delivery.round + 1);
        return (
          <li key={delivery.id}>
            <div className="card" data-testid="delivery">
              <p className="font-semibold">
                {delivery.answers ? t("deliveries.roundN", { round: delivery.round }) : t("deliveries.round0")}
                {delivery.accepted ? ` · ✓ ${t("deliveries.accepted")}` : ""}
              </p>
              <p className="text-sm text-muted">{delivery.at}</p>
              {delivery.note ? <p className="mt-2 break-words whitespace-pre-line">{delivery.note}</p> : null}
              {delivery.links.length ? (
                <ul className="mt-2 space-y-1">
                  {delivery.links.map((link) => (
                    <li key={link.url}>
                      <a
                        className="font-medium break-all underline"
                        href={link.url}
                        rel="noopener noreferrer nofollow"
                        target="_blank"
                        data-testid="delivery-link"
                      >
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <FileList files={delivery.files} testId="delivery-files" />
              {/* Acceptance is per delivery: each of a month's pieces is accepted on its own (the latest below, with the revision form). */}
              {acceptEach && delivery.canAccept && delivery.id !== work.latestId ? (
                <form method="post" className="mt-3" data-testid="accept-piece">
                  <input type="hidden" name="delivery" value={delivery.id} />
                  <button type="submit" name="intent" value="accept" className="btn-secondary w-full sm:w-auto">
                    {t("period.acceptPiece")}
                  </button>
                </form>
              ) : null}
            </div>
            {revision ? (
              <div className="mt-3 rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="revision">
                <p className="font-semibold">{t("revision.asked", { round: revision.round })}</p>
                <p className="text-sm text-muted">{revision.at}</p>
                <p className="mt-2 break-words whitespace-pre-line">{revision.text}</p>
                <FileList files={revision.files} testId="revision-files" />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A subscription's earlier months, newest first, below this month's work (read only), each folded:
 * its days and pieces in the summary, its brief and deliveries inside.
 */
export function PastPeriods({ work }: { work: WorkView }) {
  const { t } = useTranslation("delivery");
  if (!work.pastPeriods.length) return null;
  return (
    <section className="mt-10" data-testid="past-periods">
      <h2 className="text-lg font-semibold">{t("deliveries.pastTitle")}</h2>
      {work.pastPeriods.map((past) => (
        <details key={past.period} className="mt-3 rounded-2xl border border-line bg-white" data-testid="past-period">
          <summary className="flex min-h-12 cursor-pointer flex-wrap items-center gap-x-2 px-4 py-2 font-semibold">
            <span>
              {past.number
                ? t("period.title", { number: past.number, starts: past.starts, ends: past.ends })
                : t("deliveries.periodEnding", { date: past.ends })}
            </span>
            {past.allowance ? (
              <span className="text-sm font-normal text-muted">
                {t("period.delivered", { done: past.allowance.done, total: past.allowance.total })}
              </span>
            ) : null}
          </summary>
          <div className="border-t border-line px-4 pb-4">
            {past.brief || past.briefFiles.length ? (
              <div className="mt-3" data-testid="past-brief">
                <p className="text-sm font-semibold">{t("period.briefOfMonth")}</p>
                <BriefAnswers work={{ ...work, briefQuestions: past.briefQuestions }} testId="past-brief-answers" />
                {past.brief?.text ? <p className="mt-1 break-words whitespace-pre-line">{past.brief.text}</p> : null}
                <FileList files={past.briefFiles} />
              </div>
            ) : null}
            <DeliveryList work={{ ...work, deliveries: past.deliveries, revisions: [], latestId: null }} />
          </div>
        </details>
      ))}
    </section>
  );
}

/** The brief's answers as they read (customer's page and the owner's), or nothing when the offer asks none or none were given. */
export function BriefAnswers({ work, testId }: { work: WorkView; testId: string }) {
  const answered = work.briefQuestions.filter((question) => question.shown);
  if (!answered.length) return null;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_1fr]" data-testid={testId}>
      {answered.map((question) => (
        <div key={question.name} className="contents">
          <dt className="text-sm font-semibold text-muted">{question.label}</dt>
          <dd className="mb-2 break-words whitespace-pre-line sm:mb-0">{question.shown}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The brief's questions (the offer's BRIEF_FIELDS, described by the field registry), as plain inputs: the page has no script. */
function BriefQuestions({ work, invalid }: { work: WorkView; invalid: readonly string[] }) {
  const { t } = useTranslation("order");
  const { t: tBilling } = useTranslation("billing");
  if (!work.briefQuestions.length) return null;
  const input =
    "mt-1 w-full rounded-xl border border-line bg-white px-4 aria-invalid:border-red-500 aria-invalid:ring-1 aria-invalid:ring-red-500";
  return (
    <fieldset className="mt-3 grid gap-4" data-block="brief-questions">
      <legend className="text-base font-semibold">{tBilling("briefQuestions")}</legend>
      {work.briefQuestions.map((question) => {
        const id = `brief-${question.name}`;
        const bad = invalid.includes(question.name) || undefined;
        // The order form's hint for the same question, tied to its field for screen readers.
        const hintId = question.hint ? `${id}-hint` : undefined;
        const hint = question.hint ? (
          <p id={hintId} className="mt-1 text-sm text-muted" data-hint={question.name}>
            {question.hint}
          </p>
        ) : null;
        const label = (
          <>
            {question.label}{" "}
            {question.optional ? <span className="font-normal text-muted">({t("form.optional")})</span> : null}
          </>
        );
        if (question.control === "yesNo") {
          return (
            <fieldset key={question.name} aria-invalid={bad} aria-describedby={hintId}>
              <legend className="text-sm font-semibold">{label}</legend>
              <div className="mt-1 flex gap-6">
                {(["oui", "non"] as const).map((value) => (
                  <label key={value} className="flex min-h-12 items-center gap-2">
                    <input
                      type="radio"
                      name={question.name}
                      value={value}
                      defaultChecked={(question.value || "non") === value}
                    />
                    {t(value === "oui" ? "form.yes" : "form.no")}
                  </label>
                ))}
              </div>
              {hint}
            </fieldset>
          );
        }
        return (
          <div key={question.name}>
            <label htmlFor={id} className="block text-sm font-semibold">
              {label}
            </label>
            {question.control === "multiline" ? (
              <textarea
                id={id}
                name={question.name}
                rows={question.rows ?? 3}
                maxLength={question.maxLength}
                defaultValue={question.value}
                placeholder={question.placeholder}
                aria-invalid={bad}
                aria-describedby={hintId}
                className={`${input} py-2`}
              />
            ) : (
              <input
                id={id}
                name={question.name}
                type={question.type ?? "text"}
                autoComplete={question.autoComplete}
                required={!question.optional}
                minLength={question.minLength}
                maxLength={question.maxLength}
                defaultValue={question.value}
                placeholder={question.placeholder}
                aria-invalid={bad}
                aria-describedby={hintId}
                className={`${input} min-h-12`}
              />
            )}
            {hint}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The brief's form: its questions, its text and files (multipart, streamed to storage). */
function BriefForm({
  work,
  invalid,
  briefMax,
  typed,
}: {
  work: WorkView;
  invalid: readonly string[];
  briefMax: number;
  /** What the customer sent when the site failed to store it: shown again, to send again. */
  typed: Record<string, string> | null;
}) {
  const { t } = useTranslation("delivery");
  const shown = typed
    ? { ...work, briefQuestions: work.briefQuestions.map((q) => ({ ...q, value: typed[q.name] ?? q.value })) }
    : work;
  return (
    <form method="post" encType="multipart/form-data" className="card mt-3" data-testid="brief-form">
      <p className="text-sm text-muted">{t(work.period ? "period.briefIntro" : "brief.intro")}</p>
      <BriefQuestions work={shown} invalid={invalid} />
      <label htmlFor="brief-text" className="mt-3 block text-sm font-semibold">
        {t("brief.label")}
      </label>
      <textarea
        id="brief-text"
        name="brief"
        rows={5}
        maxLength={briefMax}
        defaultValue={typed?.brief ?? work.brief?.text ?? ""}
        className="mt-1 w-full rounded-xl border border-line bg-white px-4 py-2"
      />
      <FilesField id="brief-files" label={t("brief.files")} help={t("brief.filesHelp")} />
      <button type="submit" className="btn-primary mt-3 w-full sm:w-auto">
        {t("brief.send")}
      </button>
    </form>
  );
}

/** What the last post answered: saved, or why not (a brief's missing answers named). */
function WorkNotices({
  work,
  done,
  error,
  invalid,
}: {
  work: WorkView;
  done: string | null;
  error: string | null;
  invalid: readonly string[];
}) {
  const { t } = useTranslation("delivery");
  const { t: tBilling } = useTranslation("billing");
  const invalidLabels = work.briefQuestions
    .filter((question) => invalid.includes(question.name))
    .map((question) => question.label);
  return (
    <>
      {done ? (
        <p
          className="mt-8 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 font-medium"
          role="status"
          data-testid="work-done"
        >
          {t(`done.${done}`)}
        </p>
      ) : null}
      {work.closed ? (
        <p
          className="mt-8 rounded-2xl border border-line bg-white p-4 font-medium"
          role="status"
          data-testid="work-closed"
        >
          {t(`closed.${work.closed}`)}
        </p>
      ) : null}
      {error ? (
        <p
          className="mt-8 rounded-2xl border border-red-300 bg-red-50 p-4 font-medium text-red-800"
          role="alert"
          data-testid="work-error"
        >
          {error === "briefAnswers"
            ? tBilling("briefMissing", { fields: invalidLabels.join(", ") })
            : t(`errors.${error}`)}
        </p>
      ) : null}
    </>
  );
}

/**
 * The brief as the first block of the order page while it is due (paid, nothing sent yet): the work
 * starts from it, and the due date already counts from the payment, which it says.
 */
export function BriefFirst({
  work,
  done,
  error,
  invalid = [],
  typed = null,
  paid,
  briefMax,
}: {
  work: WorkView;
  done: string | null;
  error: string | null;
  invalid?: readonly string[];
  typed?: Record<string, string> | null;
  /** When the payment was made, as the page shows it: the due date counts from it. */
  paid: string;
  briefMax: number;
}) {
  const { t } = useTranslation("order-page");
  const { t: td } = useTranslation("delivery");
  // A later month of a subscription: the month's topics, its clock from the month's first day.
  const later = work.period && work.period.number > 1 ? work.period : null;
  return (
    <div className="mt-8" data-testid="brief-first">
      <h2 className="text-xl font-bold">
        {later ? td("period.briefFirstTitle", { number: later.number }) : t("briefFirst.title")}
      </h2>
      <p className="mt-2">{later ? td("period.briefFirstIntro") : t("briefFirst.intro")}</p>
      <p className="mt-2 text-sm text-muted" data-testid="due-counts-from">
        {later ? td("period.clock", { date: later.starts }) : t("briefFirst.clock", { paid })}
      </p>
      <WorkNotices work={work} done={done} error={error} invalid={invalid} />
      <BriefForm work={work} invalid={invalid} briefMax={briefMax} typed={typed} />
    </div>
  );
}

/**
 * The customer's side of the work on their order page: the brief, the deliveries, a revision or an
 * acceptance. `briefFirst`: the page shows the brief's form (and the last post's answer) at its top
 * (BriefFirst), so it is not repeated here.
 */
export function WorkSection({
  work,
  done,
  error,
  invalid = [],
  lang,
  briefMax,
  revisionMax,
  briefFirst = false,
  typed = null,
}: {
  work: WorkView;
  done: string | null;
  error: string | null;
  /** The brief's questions to answer again (error "briefAnswers"). */
  invalid?: readonly string[];
  lang: Language;
  briefMax: number;
  revisionMax: number;
  briefFirst?: boolean;
  typed?: Record<string, string> | null;
}) {
  const { t } = useTranslation("delivery");
  return (
    <>
      {briefFirst ? null : <WorkNotices work={work} done={done} error={error} invalid={invalid} />}

      {/* This month first (a subscription: its days, pieces, next date), the earlier months below. */}
      <PeriodHeading work={work} next={false} />
      <DeliveryList work={work} acceptEach={work.subscription} />

      {work.canAnswer ? (
        <div className="mt-6 grid items-start gap-4 sm:grid-cols-2">
          <form method="post" className="card" data-testid="accept-form">
            <h3 className="font-semibold">{t("accept.title")}</h3>
            {/* A subscription goes on: accepting a piece says it is right, never that the order ends. */}
            <p className="mt-1 text-sm text-muted">{t(work.subscription ? "period.acceptHelp" : "accept.help")}</p>
            {work.latestId ? <input type="hidden" name="delivery" value={work.latestId} /> : null}
            <button type="submit" name="intent" value="accept" className="btn-primary mt-3 w-full">
              {t("accept.button")}
            </button>
          </form>
          {/* Multipart with files: it names itself in its address, which the server reads before the body. */}
          <form
            method="post"
            encType="multipart/form-data"
            action={`?lang=${lang}&intent=revision`}
            className="card"
            data-testid="revision-form"
          >
            <h3 className="font-semibold">{t("revision.title")}</h3>
            {work.revisionsLeft > 0 ? (
              <>
                <p className="mt-1 text-sm text-muted">
                  {t("revision.left", { count: work.revisionsLeft, total: work.rounds })}
                </p>
                <label htmlFor="revision-text" className="mt-3 block text-sm font-semibold">
                  {t("revision.label")}
                </label>
                <textarea
                  id="revision-text"
                  name="text"
                  rows={3}
                  required
                  maxLength={revisionMax}
                  className="mt-1 w-full rounded-xl border border-line bg-white px-4 py-2"
                />
                <FilesField id="revision-files" label={t("revision.files")} help={t("brief.filesHelp")} />
                <button type="submit" className="btn-secondary mt-2 w-full">
                  {t("revision.send")}
                </button>
              </>
            ) : (
              <p className="mt-1 text-sm" data-testid="revisions-used">
                {t("revision.none")}
              </p>
            )}
          </form>
        </div>
      ) : null}
      {work.openRevision ? <p className="mt-4 text-sm text-muted">{t("revision.waiting")}</p> : null}
      {work.accepted ? (
        <p className="mt-4 font-medium" data-testid="work-accepted">
          {t(work.subscription ? "period.acceptedLatest" : "accept.done")}
        </p>
      ) : null}

      {briefFirst ? null : (
        <>
          <h2 className="mt-10 text-lg font-semibold">
            {work.period ? t("period.briefTitle", { number: work.period.number }) : t("brief.title")}
          </h2>
          {work.brief ? (
            <div className="card mt-3" data-testid="brief">
              <p className="text-sm text-muted">
                {t("brief.sent")} · {work.brief.at}
              </p>
              <BriefAnswers work={work} testId="brief-answers" />
              {work.brief.text ? <p className="mt-2 break-words whitespace-pre-line">{work.brief.text}</p> : null}
            </div>
          ) : null}
          {work.briefFiles.length ? (
            <div className="mt-3">
              <p className="text-sm font-semibold">{t("brief.yourFiles")}</p>
              <FileList files={work.briefFiles} testId="brief-files" />
            </div>
          ) : null}
          {work.briefOpen ? (
            <BriefForm work={work} invalid={invalid} briefMax={briefMax} typed={typed} />
          ) : (
            <p className="mt-3 text-sm text-muted">{t(work.period ? "period.briefClosed" : "brief.closed")}</p>
          )}
        </>
      )}

      <PastPeriods work={work} />
    </>
  );
}

/** The customer's file picker, the brief's and a revision's: the types the upload reader accepts. */
function FilesField({ id, label, help }: { id: string; label: string; help: string }) {
  return (
    <>
      <label htmlFor={id} className="mt-3 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name="files"
        type="file"
        multiple
        accept=".png,.jpg,.jpeg,.webp,.pdf,.mp4,.mov,.webm,.zip"
        className="mt-1 block w-full text-sm"
      />
      <p className="mt-1 text-sm text-muted">{help}</p>
    </>
  );
}
