import { PageIntro } from "../components/page-intro.tsx";

export default function LogoAnimatorPage() {
  return <PageIntro ns="logo-animator" />;
}
