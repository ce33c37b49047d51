import { PageIntro } from "../components/page-intro.tsx";

export default function Veo3Page() {
  return <PageIntro ns="veo3" />;
}
