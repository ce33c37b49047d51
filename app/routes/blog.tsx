import { PageIntro } from "../components/page-intro.tsx";

export default function BlogPage() {
  return <PageIntro ns="blog" />;
}
