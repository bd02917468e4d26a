import { ContactPage } from '@/features/site/components/contact-page';

export default function ContactRoute() {
  return <ContactPage />;
}
