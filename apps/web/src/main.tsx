import './app/zod-config';
import './app/public-styles';
import './app/theme-variables.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepEarlyInput } from './app/early-input';
import { firstRenderReady } from './app/first-render';
import { pageFactsOfDocument } from './lib/page-facts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const handEarlyInput = keepEarlyInput(root);
/** After the first commit: what was typed meanwhile goes to React, and the page says it has been taken over. */
function hydrated(): void {
  handEarlyInput();
  document.documentElement.dataset.hydrated = 'true';
}
// The route's code and translations load first, so the first render is the page the server drew.
await firstRenderReady().catch(() => undefined);
const facts = pageFactsOfDocument();
const app = (
  <StrictMode>
    <App facts={facts} onHydrated={hydrated} />
  </StrictMode>
);
// A transition: React hydrates in slices that leave the main thread free in between (no long task while a
// phone's slow CPU takes the page over). A page the server did not render (Vite's dev server) is drawn.
startTransition(() => {
  if (facts) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
