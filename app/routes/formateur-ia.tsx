import { PageIntro } from "../components/page-intro.tsx";

export default function FormateurIaPage() {
  return <PageIntro ns="formateur-ia" />;
}
