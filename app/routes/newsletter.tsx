import { PageIntro } from "../components/page-intro.tsx";

export default function NewsletterPage() {
  return <PageIntro ns="newsletter" />;
}
