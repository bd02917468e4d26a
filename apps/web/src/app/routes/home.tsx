import { FeatureStrip } from '@/features/marketing/components/feature-strip';
import { Hero } from '@/features/marketing/components/hero';
import { MinecraftBanner } from '@/features/marketing/components/minecraft-banner';
import { NetworkMap } from '@/features/marketing/components/network-map';
import { PanelShowcase } from '@/features/marketing/components/panel-showcase';
import { Reviews } from '@/features/marketing/components/reviews';

/**
 * / (product.md "Public pages"): hero, feature cards, Minecraft banner, network map, control panel and
 * reviews; the footer comes with the layout. Everything below the hero is inline SVG and CSS: no image
 * requests, so the page's weight stays in its one JavaScript chunk and its text.
 */
export default function HomeRoute() {
  return (
    <>
      <Hero />
      <FeatureStrip />
      <MinecraftBanner />
      <NetworkMap />
      <PanelShowcase />
      <Reviews />
    </>
  );
}
