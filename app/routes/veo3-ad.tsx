import { PageIntro } from "../components/page-intro.tsx";

export default function Veo3AdPage() {
  return <PageIntro ns="veo3-ad" />;
}
