import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-security";
import { adminLang, adminMeta, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { newRecoveryCodes } from "../auth/recovery-codes.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar, Notice, PasskeyButton, RecoveryCodeList, SubmitButton } from "../components/admin/admin-ui.tsx";
import { dateTimeFormatter, formatLanguageName } from "../i18n/format.ts";
import { isLanguage, LANGUAGES } from "../i18n/languages.ts";
import { getEnv } from "../lib/env.server.ts";
import { servicesOf } from "../services-context.ts";

/** The owner's ways in: recovery codes left (and new ones), passkeys (add, list, remove). */
async function pageData(context: Route.LoaderArgs["context"]) {
  const { repo } = await servicesOf(context, { repo: ["owner", "factors"] });
  const format = dateTimeFormatter(adminLang(context), "short");
  const passkeys = (await repo.listPasskeys()).map((passkey) => ({
    id: passkey.id,
    added: format(passkey.createdAt),
    lastUsed: passkey.lastUsedAt ? format(passkey.lastUsedAt) : null,
    synced: passkey.backedUp,
  }));
  const owner = await repo.getOwner();
  return {
    meta: adminMeta(context, "security.title"),
    codesLeft: await repo.countRecoveryCodes(),
    passkeys,
    // The language picked here, else OWNER_LANG's: the one the select shows chosen.
    ownerLang: owner?.lang ?? getEnv().OWNER_LANG,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const done = new URL(request.url).searchParams.get("done");
  return {
    ...(await pageData(context)),
    done: done === "passkey-added" || done === "passkey-removed" || done === "language" ? done : null,
    codes: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["intent", "id", "lang"]);
  await requireOwner(context);
  const { repo } = await servicesOf(context, { repo: ["owner", "factors"] });
  const intent = text(form, "intent", 30);
  if (intent === "regenerate") {
    // New codes replace every old one at once; shown on this answer only.
    const codes = await newRecoveryCodes(repo);
    return { ...(await pageData(context)), done: null, codes };
  }
  if (intent === "language") {
    const lang = text(form, "lang", 10);
    if (!isLanguage(lang)) return data({ ...(await pageData(context)), done: null, codes: null }, { status: 400 });
    // Kept on the owner's row: every later page, on any browser, speaks it (app/routes/admin.tsx).
    await repo.setOwnerLang(lang);
    throw redirect("/admin/security?done=language", 303);
  }
  if (intent === "remove-passkey") {
    await repo.removePasskey(text(form, "id", 1_400));
    throw redirect("/admin/security?done=passkey-removed", 303);
  }
  return data({ ...(await pageData(context)), done: null, codes: null }, { status: 400 });
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const view = actionData ?? loaderData;
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("security.title")}</h1>
        {view.done ? (
          <Notice tone="ok">
            {t(
              view.done === "language"
                ? "ownerLanguage.saved"
                : view.done === "passkey-added"
                  ? "security.passkeyAdded"
                  : "security.passkeyRemoved",
            )}
          </Notice>
        ) : null}

        <h2 className="mt-8 text-xl font-semibold">{t("ownerLanguage.title")}</h2>
        <Form method="post" data-testid="owner-language">
          <label htmlFor="admin-owner-lang" className="mt-2 block text-sm text-muted">
            {t("ownerLanguage.intro")}
          </label>
          <select
            id="admin-owner-lang"
            name="lang"
            defaultValue={view.ownerLang}
            className="mt-2 min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base sm:w-auto"
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {formatLanguageName(lang, lang)}
              </option>
            ))}
          </select>
          <SubmitButton name="intent" value="language" secondary>
            {t("ownerLanguage.save")}
          </SubmitButton>
        </Form>

        <h2 className="mt-10 text-xl font-semibold">{t("security.passkeys")}</h2>
        <p className="mt-2 text-sm text-muted">{t("security.passkeysIntro")}</p>
        {view.passkeys.length ? (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white" data-testid="passkeys">
            {view.passkeys.map((passkey, index) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span>
                  <span className="block font-semibold">{t("security.passkeyName", { n: index + 1 })}</span>
                  <span className="block text-sm text-muted">
                    {t("security.added", { date: passkey.added })}
                    {passkey.lastUsed ? ` · ${t("security.lastUsed", { date: passkey.lastUsed })}` : ""}
                    {passkey.synced ? ` · ${t("security.synced")}` : ""}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={passkey.id} />
                  <button type="submit" name="intent" value="remove-passkey" className="btn-secondary min-h-11">
                    {t("security.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted">{t("security.noPasskeys")}</p>
        )}
        <PasskeyButton mode="register" />
        <noscript>
          <p className="mt-3 text-sm text-muted">{t("security.needsJs")}</p>
        </noscript>

        <h2 className="mt-10 text-xl font-semibold">{t("security.recovery")}</h2>
        {view.codes ? (
          <RecoveryCodeList codes={view.codes} />
        ) : (
          <p className="mt-2" data-testid="codes-left">
            {t("security.codesLeft", { n: view.codesLeft })}
          </p>
        )}
        <Form method="post">
          <p className="mt-3 text-sm text-muted">{t("security.regenerateIntro")}</p>
          <SubmitButton name="intent" value="regenerate" secondary>
            {t("security.regenerate")}
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}
