import { CAROUSEL_MS, MINECRAFT_SERVER_TYPES } from '@falkenhost/contracts/constants';
import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerTypeBadge } from './server-type-badge';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

/** Scrolls the strip by one badge, from the last back to the first (and the other way). */
function step(list: HTMLUListElement | null, direction: 1 | -1): void {
  if (!list) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const behavior: ScrollBehavior = reduced ? 'auto' : 'smooth';
  const slide = list.firstElementChild as HTMLElement | null;
  const width = (slide?.offsetWidth ?? 160) + 16;
  const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
  const atStart = list.scrollLeft <= 4;
  if (direction === 1 && atEnd) list.scrollTo({ left: 0, behavior });
  else if (direction === -1 && atStart) list.scrollTo({ left: list.scrollWidth, behavior });
  else list.scrollBy({ left: direction * width, behavior });
}

/**
 * Minecraft server types, moving on by one badge every CAROUSEL_MS (product.md "Public pages") and back to
 * the first after the last; paused while the pointer or the keyboard focus is on it. A native scroll-snap
 * strip with previous and next buttons rather than a carousel library, so the game page stays light on a
 * phone (issue 11).
 */
export function ServerTypeCarousel() {
  const { t } = useTranslation('catalog');
  const track = useRef<HTMLUListElement>(null);
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let paused = false;
    const box = strip.current;
    const pause = () => {
      paused = true;
    };
    const resume = () => {
      paused = false;
    };
    const events = [
      ['mouseenter', pause],
      ['mouseleave', resume],
      ['focusin', pause],
      ['focusout', resume],
    ] as const;
    for (const [name, handler] of events) box?.addEventListener(name, handler);
    const timer = window.setInterval(() => {
      if (!paused && !document.hidden) step(track.current, 1);
    }, CAROUSEL_MS);
    return () => {
      window.clearInterval(timer);
      for (const [name, handler] of events) box?.removeEventListener(name, handler);
    };
  }, []);

  return (
    <section aria-labelledby="server-types-title">
      <Title id="server-types-title" order={2} fz="lg" mb="sm">
        {t('serverTypes.title')}
      </Title>
      <div className="fh-carousel" data-testid="server-type-carousel" ref={strip}>
        <button
          type="button"
          className="fh-carousel-control"
          aria-label={t('serverTypes.previous')}
          onClick={() => step(track.current, -1)}
        >
          <Chevron direction="left" />
        </button>
        {/* Focusable, so the strip also scrolls with the arrow keys. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus */}
        <ul ref={track} className="fh-carousel-track" tabIndex={0} aria-label={t('serverTypes.title')}>
          {MINECRAFT_SERVER_TYPES.map((type) => (
            <li key={type} className="fh-carousel-slide">
              <ServerTypeBadge type={type} />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="fh-carousel-control"
          aria-label={t('serverTypes.next')}
          onClick={() => step(track.current, 1)}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </section>
  );
}
