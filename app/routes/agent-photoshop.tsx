import { PageIntro } from "../components/page-intro.tsx";

export default function AgentPhotoshopPage() {
  return <PageIntro ns="agent-photoshop" />;
}
