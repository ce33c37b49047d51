import { PageIntro } from "../components/page-intro.tsx";

export default function TosPage() {
  return <PageIntro ns="tos" />;
}
