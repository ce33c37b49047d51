import { LegalPage } from "../components/blocks/legal-page.tsx";
import { CGV } from "../content/terms.ts";

/** French terms of sale: the legal text stays in French, the page chrome follows the visitor. */
export default function CgvPage() {
  return <LegalPage doc={CGV} ns="cgv" />;
}
