import { PageIntro } from "../components/page-intro.tsx";

export default function NanoBananaPage() {
  return <PageIntro ns="nano-banana" />;
}
