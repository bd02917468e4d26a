import { FeatureStrip } from '@/features/marketing/components/feature-strip';
import { Hero } from '@/features/marketing/components/hero';
import { MinecraftBanner } from '@/features/marketing/components/minecraft-banner';
import { NetworkMap } from '@/features/marketing/components/network-map';
import { PanelShowcase } from '@/features/marketing/components/panel-showcase';
import { Reviews } from '@/features/marketing/components/reviews';
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint';

/**
 * / (spec 2 "Public screens"): hero, feature cards, Minecraft banner, network map, control panel and
 * reviews; the footer comes with the layout. Everything below the hero is inline SVG and CSS: no image
 * requests, so the page's weight stays in its one JavaScript chunk and its text. What the server's HTML
 * shows (hero and features) is drawn first, the sections below it right after (useAfterFirstPaint).
 */
export default function HomeRoute() {
  const rest = useAfterFirstPaint();
  return (
    <>
      <Hero />
      <FeatureStrip />
      {rest && (
        <>
          <MinecraftBanner />
          <NetworkMap />
          <PanelShowcase />
          <Reviews />
        </>
      )}
    </>
  );
}
