import { PageIntro } from "../components/page-intro.tsx";

export default function TestWorkflowPage() {
  return <PageIntro ns="test-workflow" />;
}
