import { PageIntro } from "../components/page-intro.tsx";
export const handle = { bare: true };

export default function DatasetsPage() {
  return <PageIntro ns="datasets" />;
}
