import { useTranslation } from "react-i18next";
import type { Route } from "./+types/commander";

export const handle = { hydrate: true };

export function loader({ request }: Route.LoaderArgs) {
  const offer = new URL(request.url).searchParams.get("offre");
  return { offer };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("order");
  return (
    <section className="container-page py-16">
      <h1 className="text-3xl font-bold">{loaderData.offer ? `${t("form.title")} ${loaderData.offer}` : t("form.noOffer")}</h1>
    </section>
  );
}
