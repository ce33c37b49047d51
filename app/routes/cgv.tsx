import { PageIntro } from "../components/page-intro.tsx";

export default function CgvPage() {
  return <PageIntro ns="cgv" />;
}
