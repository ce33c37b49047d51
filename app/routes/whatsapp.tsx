import { PageIntro } from "../components/page-intro.tsx";

export default function WhatsappPage() {
  return <PageIntro ns="whatsapp" />;
}
