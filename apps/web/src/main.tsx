import './app/zod-config';
import './app/public-styles';
import './app/theme-variables.css';
import './app/global.css';
import './app/home-page.css';
import './app/public-pages.css';
import './app/overrides.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepEarlyInput, reactTakesOver } from './app/early-input';
import { firstRenderReady } from './app/first-render';
import { firstUse } from './lib/first-use';
import { pageFactsOfDocument } from './lib/page-facts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const handEarlyInput = keepEarlyInput(root);
// Listening from now: a click while React takes the page over is a use too (it reaches React's listeners,
// and those that load at first use, such as the captcha's, would attach only later).
void firstUse();
/**
 * Once the page has been hydrated: what was typed meanwhile goes to React, and the page says it has been taken over.
 * In a task of its own: a user's event that made React hydrate at once (a select's input, then its change)
 * finishes first, so the hand-over does not come between its parts.
 */
function hydrated(): void {
  setTimeout(handEarlyInput);
  document.documentElement.dataset.hydrated = 'true';
}
/**
 * Hydrates the server's HTML (or draws the page, when the server did not render it: Vite's dev server) once
 * the route's code and translations are loaded, so the first render is the page the server drew.
 * Not a top-level await: one in the entry turns off the bundler's merging of the chunks every page loads
 * (Rolldown's chunkOptimization), and each chunk is a request and a task of its own (decision 091).
 */
async function start(element: HTMLElement): Promise<void> {
  await firstRenderReady().catch(() => undefined);
  const facts = pageFactsOfDocument();
  const app = (
    <StrictMode>
      <App facts={facts} onHydrated={hydrated} />
    </StrictMode>
  );
  // A transition: React hydrates in slices that leave the main thread free in between (no long task while a
  // phone's slow CPU takes the page over).
  startTransition(() => {
    reactTakesOver();
    if (facts) hydrateRoot(element, app);
    else createRoot(element).render(app);
  });
}

void start(root);
