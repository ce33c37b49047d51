import { PageIntro } from "../components/page-intro.tsx";

export default function AiMachinePage() {
  return <PageIntro ns="ai-machine" />;
}
