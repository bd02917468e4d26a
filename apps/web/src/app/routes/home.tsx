import { FeatureStrip } from '@/features/marketing/components/feature-strip';
import { Hero } from '@/features/marketing/components/hero';

export default function HomeRoute() {
  return (
    <>
      <Hero />
      <FeatureStrip />
    </>
  );
}
