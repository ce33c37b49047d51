import { PageIntro } from "../components/page-intro.tsx";

export default function SeedancePage() {
  return <PageIntro ns="seedance" />;
}
