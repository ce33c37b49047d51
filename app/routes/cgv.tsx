import { LegalPage } from "../components/blocks/legal-page.tsx";

/** The French terms of sale (or their translation for a reader in de/es/pt/it); the chrome follows the visitor. */
export default function CgvPage() {
  return <LegalPage id="cgv" />;
}
