import { PartnersPage } from '@/features/site/components/partners-page';

export default function PartnersRoute() {
  return <PartnersPage />;
}
