import { PageIntro } from "../components/page-intro.tsx";

export default function HomePage() {
  return <PageIntro ns="home" />;
}
