import { PageIntro } from "../components/page-intro.tsx";

export default function ShortVideosPage() {
  return <PageIntro ns="short-videos" />;
}
