/**
 * The application's modules, evaluated in a task after the entry's (main.tsx): React's and the
 * application's module code together are one of the longest tasks of a phone's start (issue 11, Total
 * Blocking Time). Their files are preloaded from the HTML (vite.config.ts, preloadStartChunk), so the split
 * costs no round trip.
 */
export { App } from './app';
export { firstRenderReady } from './first-render';
