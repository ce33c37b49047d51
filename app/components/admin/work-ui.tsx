import { useTranslation } from "react-i18next";
import type { WorkView } from "../../delivery/types.ts";
import { BriefAnswers, DeliveryList, FileList, PastPeriods, PeriodHeading } from "../order-work.tsx";
import { Notice } from "./admin-ui.tsx";

/**
 * The owner's side of the work on the back office's order page: the customer's brief and files,
 * the deliveries and revisions, and the delivery form (a link and/or files, a note; multipart,
 * posted to its own route, which streams the files to storage).
 */
export function OwnerWorkSection({ orderId, work, done }: { orderId: string; work: WorkView; done: boolean }) {
  const { t } = useTranslation("delivery");
  const open = work.revisions.find(
    (revision) => !work.deliveries.some((delivery) => delivery.round === revision.round),
  );
  return (
    <section className="mt-6" data-testid="owner-work">
      <h2 className="text-lg font-semibold">{t("admin.title")}</h2>
      {done ? (
        <Notice tone="ok" testId="work-delivered">
          {t("admin.delivered")}
        </Notice>
      ) : null}
      {open ? (
        <p
          className="mt-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 font-semibold"
          data-testid="revision-open"
        >
          {t("admin.revisionOpen", { round: open.round })}
        </p>
      ) : null}
      {work.accepted ? (
        <p className="mt-2 font-semibold" data-testid="owner-accepted">
          {t("admin.accepted")}
        </p>
      ) : null}
      {/* This month first (a subscription: its days, pieces and next date), its brief, deliveries and form; earlier months folded below. */}
      <PeriodHeading work={work} as="h3" />
      <div className="mt-2 rounded-2xl border border-line bg-white p-4" data-testid="owner-brief">
        <h3 className="font-semibold">
          {work.period ? t("period.briefTitle", { number: work.period.number }) : t("admin.brief")}
        </h3>
        <BriefAnswers work={work} testId="owner-brief-answers" />
        {work.brief?.text ? (
          <p className="mt-1 break-words whitespace-pre-line">{work.brief.text}</p>
        ) : work.brief ? null : (
          <p className="mt-1 text-sm text-muted">{t("admin.noBrief")}</p>
        )}
        <FileList files={work.briefFiles} testId="owner-brief-files" />
      </div>
      <DeliveryList work={work} />
      {work.canDeliver ? (
        <form
          method="post"
          action={`/admin/orders/${encodeURIComponent(orderId)}/deliver`}
          encType="multipart/form-data"
          className="mt-4 grid gap-3 rounded-2xl border border-line bg-white p-4"
          data-testid="deliver-form"
        >
          <h3 className="font-semibold">{t("admin.deliverTitle")}</h3>
          {/* The round this form fills: a reload of it once that round is delivered is refused as a replay. */}
          <input type="hidden" name="round" value={work.nextRound} />
          <label className="text-sm font-semibold">
            {t("admin.link")}
            <input
              name="link"
              type="url"
              inputMode="url"
              className="mt-1 block w-full rounded-xl border border-line bg-white px-4 py-2 font-normal"
            />
          </label>
          <label className="text-sm font-semibold">
            {t("admin.linkLabel")}
            <input
              name="linkLabel"
              type="text"
              maxLength={200}
              className="mt-1 block w-full rounded-xl border border-line bg-white px-4 py-2 font-normal"
            />
          </label>
          <label className="text-sm font-semibold">
            {t("admin.files")}
            <input name="files" type="file" multiple className="mt-1 block w-full text-sm font-normal" />
          </label>
          <label className="text-sm font-semibold">
            {t("admin.note")}
            <textarea
              name="note"
              rows={3}
              maxLength={2000}
              className="mt-1 block w-full rounded-xl border border-line bg-white px-4 py-2 font-normal"
            />
          </label>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {t("admin.deliver")}
          </button>
        </form>
      ) : null}
      <PastPeriods work={work} />
    </section>
  );
}
