import { LegalPage } from "../components/blocks/legal-page.tsx";

/** English terms of service: the legal text stays in English, the page chrome follows the visitor. */
export default function TosPage() {
  return <LegalPage id="tos" />;
}
