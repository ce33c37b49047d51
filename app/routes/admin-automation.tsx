import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-automation";
import { automationAction, automationPage, endpointAction, tokenAction } from "../admin/automation.server.ts";
import { adminLang, adminMeta, text } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { AdminBar, Notice } from "../components/admin/admin-ui.tsx";
import { dateTimeFormatter } from "../i18n/format.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { servicesOf } from "../services-context.ts";

const DONE = ["test", "retry", "resume", "revokeToken", "saveEndpoint", "pause"] as const;
const ENDPOINT_INTENTS = ["addEndpoint", "saveEndpoint", "rotateSecret", "pause", "resume"] as const;

/** Webhooks out (docs/automation.md): the endpoint, the last deliveries, a test event, "retry now", "resume". No JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const t = getInstance(context).getFixedT(getLocale(context), "automation");
  const done = new URL(request.url).searchParams.get("done");
  return {
    meta: { ...adminMeta(context, "title"), title: t("title") },
    lang: adminLang(context),
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as (typeof DONE)[number]) : null,
    ...(await automationPage(await servicesOf(context, { repo: ["api", "webhooks"] }))),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["intent", "target", "name", "url"], adminLang(context));
  await requireOwner(context);
  const t = getInstance(context).getFixedT(getLocale(context), "automation");
  const intent = text(form, "intent", 20);
  if ((ENDPOINT_INTENTS as readonly string[]).includes(intent)) {
    const outcome = await endpointAction(
      intent as (typeof ENDPOINT_INTENTS)[number],
      text(form, "target", 100),
      text(form, "url", 600),
      await servicesOf(context, { repo: ["webhooks"], webhooksOut: true }),
    );
    // A new or rotated secret is in this one answer only (never in a URL or a redirect).
    if (typeof outcome === "object")
      return data({ secret: outcome.secret }, { headers: { "Cache-Control": "no-store" } });
    if (outcome === "invalid" || outcome === "notPublic")
      return data({ error: t(`endpointsAdmin.${outcome}`) }, { status: 400 });
    if (outcome === "notFound") return data({ error: t("errors.notFound") }, { status: 400 });
    throw redirect(`/admin/automation?done=${outcome}`, 303);
  }
  if (intent === "createToken" || intent === "revokeToken") {
    const outcome = await tokenAction(
      intent,
      intent === "createToken" ? text(form, "name", 80) : text(form, "target", 100),
      await servicesOf(context, { repo: ["api"] }),
    );
    // The secret is in this one answer only: never in a URL, a redirect or the database.
    if (typeof outcome === "object")
      return data({ created: outcome.created }, { headers: { "Cache-Control": "no-store" } });
    if (outcome === "nameRequired") return data({ error: t("tokens.nameRequired") }, { status: 400 });
    if (outcome === "notFound") return data({ error: t("tokens.notFound") }, { status: 400 });
    throw redirect(`/admin/automation?done=${outcome}`, 303);
  }
  const outcome = await automationAction(
    intent,
    text(form, "target", 100),
    await servicesOf(context, { repo: ["webhooks"], webhooksOut: true }),
  );
  if (outcome === "notConfigured") return data({ error: t("errors.notConfigured") }, { status: 409 });
  if (outcome === "notFound") return data({ error: t("errors.notFound") }, { status: 400 });
  // Post/redirect/get: a reload does not send a second test event.
  throw redirect(`/admin/automation?done=${outcome}`, 303);
}

export default function AdminAutomation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("automation");
  const { endpoints, deliveries, tokens, lang, done, sampleTypes } = loaderData;
  const created = actionData && "created" in actionData ? actionData.created : null;
  const shownSecret = actionData && "secret" in actionData ? actionData.secret : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const dateTime = dateTimeFormatter(lang, "short");
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-2 text-sm text-muted">{t("intro")}</p>
        {done ? (
          <Notice tone="ok" testId="automation-done">
            {done === "revokeToken"
              ? t("tokens.doneRevoke")
              : done === "saveEndpoint" || done === "pause"
                ? t(`endpointsAdmin.done.${done}`)
                : t(`done.${done}`)}
          </Notice>
        ) : null}
        {error ? (
          <Notice tone="error" testId="automation-error">
            {error}
          </Notice>
        ) : null}

        <h2 className="mt-6 text-lg font-semibold">{t("endpoints")}</h2>
        {endpoints.length ? (
          <ul className="mt-2 grid gap-2" data-testid="automation-endpoints">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} className="rounded-2xl border border-line bg-white p-4">
                <p className="font-mono text-sm break-all">{endpoint.url}</p>
                {endpoint.managed ? null : <p className="mt-1 text-xs text-muted">{t("endpointsAdmin.fromEnv")}</p>}
                {endpoint.previousSecretUntil ? (
                  <p className="mt-1 text-xs text-muted">
                    {t("endpointsAdmin.rotating", { date: dateTime(endpoint.previousSecretUntil) })}
                  </p>
                ) : null}
                {shownSecret?.endpointId === endpoint.id ? (
                  <div className="mt-2 rounded-xl border border-line bg-white p-3" data-testid="endpoint-secret-shown">
                    <p className="text-sm font-semibold">
                      {t(shownSecret.rotated ? "endpointsAdmin.rotated" : "endpointsAdmin.created")}
                    </p>
                    <p className="mt-1 font-mono text-sm break-all select-all" data-testid="endpoint-secret">
                      {shownSecret.secret}
                    </p>
                  </div>
                ) : null}
                {endpoint.fullUrl ? (
                  <form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="target" value={endpoint.id} />
                    <label className="grid w-full min-w-0 gap-1 text-sm sm:w-auto sm:flex-1">
                      <span>{t("endpointsAdmin.url")}</span>
                      <input
                        name="url"
                        type="url"
                        required
                        maxLength={500}
                        defaultValue={endpoint.fullUrl}
                        className="w-full rounded-xl border border-line px-3 py-2"
                      />
                    </label>
                    <button type="submit" name="intent" value="saveEndpoint" className="btn-secondary">
                      {t("endpointsAdmin.save")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="rotateSecret"
                      className="btn-secondary"
                      data-testid="endpoint-rotate"
                    >
                      {t("endpointsAdmin.rotate")}
                    </button>
                  </form>
                ) : null}
                {endpoint.pausedAt ? null : (
                  <form method="post" className="mt-2">
                    <input type="hidden" name="target" value={endpoint.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="pause"
                      className="btn-secondary"
                      data-testid="endpoint-pause"
                    >
                      {t("endpointsAdmin.pause")}
                    </button>
                  </form>
                )}
                {endpoint.pausedAt ? (
                  <form method="post" className="mt-2 flex flex-wrap items-center gap-3">
                    <span className="text-sm font-semibold text-red-900" data-testid="automation-paused">
                      {t("paused", { date: dateTime(endpoint.pausedAt) })}
                    </span>
                    <input type="hidden" name="target" value={endpoint.id} />
                    <button type="submit" name="intent" value="resume" className="btn-secondary">
                      {t("resume")}
                    </button>
                  </form>
                ) : (
                  <p className="mt-1 text-sm text-muted">
                    {endpoint.failingSince ? t("failingSince", { date: dateTime(endpoint.failingSince) }) : t("active")}
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm" data-testid="automation-none">
            {t("notConfigured")}
          </p>
        )}
        <form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <label className="grid w-full min-w-0 gap-1 text-sm sm:w-auto sm:flex-1">
            <span>{t("endpointsAdmin.newUrl")}</span>
            <input
              name="url"
              type="url"
              required
              maxLength={500}
              placeholder="https://"
              className="w-full rounded-xl border border-line px-3 py-2"
            />
          </label>
          <button
            type="submit"
            name="intent"
            value="addEndpoint"
            className="btn-secondary w-full sm:w-auto"
            data-testid="endpoint-add"
          >
            {t("endpointsAdmin.add")}
          </button>
        </form>
        <form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <label className="grid w-full min-w-0 gap-1 text-sm sm:w-auto">
            <span>{t("testEvent.type")}</span>
            <select
              name="target"
              defaultValue="order.paid"
              className="min-h-12 w-full rounded-xl border border-line bg-white px-3"
              data-testid="automation-test-type"
            >
              {sampleTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            name="intent"
            value="test"
            className="btn-primary w-full sm:w-auto"
            data-testid="automation-test"
          >
            {t("sendTest")}
          </button>
        </form>

        <h2 className="mt-8 text-lg font-semibold">{t("tokens.title")}</h2>
        <p className="mt-1 text-sm text-muted">{t("tokens.intro")}</p>
        {created ? (
          <div className="mt-3 rounded-2xl border border-line bg-white p-4" data-testid="token-created">
            <p className="text-sm font-semibold">{t("tokens.created", { name: created.name })}</p>
            <p className="mt-2 font-mono text-sm break-all select-all" data-testid="token-secret">
              {created.secret}
            </p>
          </div>
        ) : null}
        <form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm">
            <span>{t("tokens.name")}</span>
            <input name="name" required maxLength={80} className="rounded-xl border border-line px-3 py-2" />
          </label>
          <button
            type="submit"
            name="intent"
            value="createToken"
            className="btn-primary w-full sm:w-auto"
            data-testid="token-create"
          >
            {t("tokens.create")}
          </button>
        </form>
        {tokens.length ? (
          <ul className="mt-3 grid gap-2" data-testid="tokens">
            {tokens.map((token) => (
              <li
                key={token.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-white p-4 text-sm"
                data-testid="token"
              >
                <span className="font-semibold">{token.name}</span>
                <span className="font-mono text-muted">{t("tokens.hint", { hint: token.hint })}</span>
                <span className="text-muted">{t("tokens.createdAt", { date: dateTime(token.createdAt) })}</span>
                <span className="text-muted">
                  {token.lastUsedAt
                    ? t("tokens.lastUsed", { date: dateTime(token.lastUsedAt) })
                    : t("tokens.neverUsed")}
                </span>
                {token.revokedAt ? (
                  <span className="font-semibold text-red-900">
                    {t("tokens.revoked", { date: dateTime(token.revokedAt) })}
                  </span>
                ) : (
                  <form method="post" className="ml-auto">
                    <input type="hidden" name="target" value={token.id} />
                    <button type="submit" name="intent" value="revokeToken" className="btn-secondary">
                      {t("tokens.revoke")}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm">{t("tokens.none")}</p>
        )}

        <h2 className="mt-8 text-lg font-semibold">{t("deliveries")}</h2>
        {deliveries.length ? (
          <ul className="mt-2 grid gap-2" data-testid="automation-deliveries">
            {deliveries.map((delivery) => (
              <li
                key={delivery.id}
                className="rounded-2xl border border-line bg-white p-4 text-sm"
                data-testid="automation-delivery"
              >
                <p className="flex flex-wrap gap-x-3">
                  <span className="font-semibold">{delivery.type}</span>
                  <span>{t(`status.${delivery.status}`)}</span>
                  <span>{t("statusCode", { code: delivery.lastStatus ?? "—" })}</span>
                  <span>{t("attempts", { count: delivery.attempts })}</span>
                  {delivery.status === "pending" ? (
                    <span>{t("nextRetry", { date: dateTime(delivery.nextAttemptAt) })}</span>
                  ) : null}
                </p>
                <p className="mt-1 break-all text-muted">
                  {dateTime(delivery.createdAt)} · {delivery.eventId}
                  {delivery.orderId ? (
                    <>
                      {" · "}
                      <a className="underline" href={`/admin/orders/${encodeURIComponent(delivery.orderId)}`}>
                        {delivery.orderId}
                      </a>
                    </>
                  ) : null}
                  {delivery.quoteId ? (
                    <>
                      {" · "}
                      <a className="underline" href={`/admin/quotes/${encodeURIComponent(delivery.quoteId)}`}>
                        {delivery.quoteId}
                      </a>
                    </>
                  ) : null}
                </p>
                {delivery.lastError ? <p className="mt-1 break-all">{delivery.lastError}</p> : null}
                {delivery.attemptLog.length ? (
                  <ol className="mt-1 list-decimal pl-5 text-muted">
                    {delivery.attemptLog.slice(-5).map((attempt) => (
                      <li key={attempt.attempt} value={attempt.attempt}>
                        {dateTime(attempt.createdAt)} · {attempt.statusCode ?? "—"} · {attempt.durationMs} ms
                        {attempt.error ? ` · ${attempt.error}` : ""}
                      </li>
                    ))}
                  </ol>
                ) : null}
                {/* Any delivery can go out again: a failed one now, a sent one the receiver lost (same webhook-id). */}
                <form method="post" className="mt-2">
                  <input type="hidden" name="target" value={delivery.id} />
                  <button type="submit" name="intent" value="retry" className="btn-secondary">
                    {delivery.status === "sent" ? t("testEvent.sendAgain") : t("retryNow")}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm">{t("noDeliveries")}</p>
        )}
      </section>
    </>
  );
}
