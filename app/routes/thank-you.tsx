import { useTranslation } from "react-i18next";

export const handle = { hydrate: true };

export default function ThankYouPage() {
  const { t } = useTranslation("order");
  return (
    <section className="container-page py-16">
      <h1 className="text-3xl font-bold">{t("thankYou.title")}</h1>
    </section>
  );
}
