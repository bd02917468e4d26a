import './app/public-styles';
import './app/theme-variables.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstRenderReady } from './app/first-render';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The server-rendered page stays until React can draw the same page in one go.
await firstRenderReady().catch(() => undefined);
// A transition: React renders in slices that leave the main thread free in between (no long task while
// a phone's slow CPU draws the page), and keeps the server's HTML if anything still suspends.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
