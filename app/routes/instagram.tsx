import { PageIntro } from "../components/page-intro.tsx";

export default function InstagramPage() {
  return <PageIntro ns="instagram" />;
}
