/** The game cards of /hosting (issue 30): the name said once, and a keyboard focus ring. */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PublicGame } from '@falkenhost/contracts/catalog';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { GameCard } from '@/features/catalog/components/game-card';
import { renderApp } from '../render';

const game: PublicGame = {
  id: 1,
  priority: 1,
  name: 'Minecraft',
  image_url: '/images/games/minecraft.svg',
  thumbnail_url: '/images/games/minecraft-thumb.svg',
  desktop: true,
  console: false,
  mobile: true,
  minPrice: 100,
};

it("a card is one link named by the game's name alone, described by its price; the artwork is decorative", async () => {
  await renderApp(<GameCard game={game} />, { language: 'fr' });
  const link = screen.getByRole('link', { name: 'Minecraft' });
  expect(link.getAttribute('href')).toBe('/game/1');
  expect(link.getAttribute('aria-describedby')).toBeTruthy();
  expect(document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/100/);
  // the name once: in the heading, not again in an image text or a label of its own
  expect(screen.getAllByText(/Minecraft/)).toHaveLength(1);
  expect(link.textContent?.match(/Minecraft/g)).toHaveLength(1);
  expect(screen.queryByRole('img', { name: /Minecraft/ })).toBeNull();
  expect(link.querySelector('img')?.getAttribute('alt')).toBe('');
});

it('the keyboard reaches the card, and the stylesheet draws a focus ring on it', async () => {
  await renderApp(<GameCard game={game} />);
  await userEvent.tab();
  const link = screen.getByRole('link', { name: 'Minecraft' });
  expect(document.activeElement).toBe(link);
  const css = readFileSync(resolve(import.meta.dirname, '../../../src/app/global.css'), 'utf8');
  const focusRule = css.match(/\.fh-card-link:focus-visible\s*\{([^}]*)\}/)?.[1] ?? '';
  expect(focusRule).toMatch(/outline:\s*2px solid/);
  expect(link.classList.contains('fh-card-link')).toBe(true);
});
