import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API server; FALKENHOST_API points the dev proxy elsewhere (e.g. a mock) when needed.
const api = process.env.FALKENHOST_API ?? 'http://localhost:3000';

/**
 * The API refuses a write whose Origin is not its own (apps/api/src/platform/origin-check.ts): the dev
 * server's pages (this port) are ours too, so their Origin is passed on as the API's.
 */
function sameOriginAsApi(proxy: { on(event: 'proxyReq', listener: (request: ProxyRequest) => void): void }) {
  proxy.on('proxyReq', (request) => {
    const origin = request.getHeader('origin');
    if (typeof origin === 'string' && /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):5173$/.test(origin))
      request.setHeader('origin', new URL(api).origin);
  });
}
interface ProxyRequest {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): void;
}

/**
 * Mantine's `useId` (@mantine/hooks) with React's id only. Mantine's own swaps the id React gave for a
 * random one in a layout effect after mounting, so every input, checkbox and menu rendered again, and
 * wrote its ids and labels into the DOM again, in the task that hydrates the page: on /register the
 * longest task of its start-up (decision 091). React's `useId` already agrees between server and browser.
 */
function mantineUseId(): Plugin {
  return {
    name: 'falkenhost:mantine-use-id',
    load(id) {
      if (!id.endsWith('/@mantine/hooks/esm/use-id/use-id.mjs')) return null;
      return `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}`;
    },
  };
}

/**
 * Mantine's `removeDefaultVariables` resolves the default theme's CSS variables when its module is
 * evaluated, on every page's start-up, although only MantineProvider's `withCssVariables` uses them and
 * ours is off (the variables are a static stylesheet, app/theme-variables.ts): resolved on first use
 * instead. About 3 ms of a desktop CPU in the entry's evaluation, 12 ms on Lighthouse's phone (decision 091).
 * @throws Error at build time when Mantine's module no longer has the line, so an upgrade is noticed
 */
function mantineLazyDefaultVariables(): Plugin {
  const eager = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
  return {
    name: 'falkenhost:mantine-lazy-default-variables',
    transform(code, id) {
      if (!id.endsWith('/MantineCssVariables/remove-default-variables.mjs')) return null;
      if (!code.includes(eager)) throw new Error(`${id} changed: review mantineLazyDefaultVariables`);
      return code
        .replace(
          eager,
          'let resolvedDefaults;\nconst defaults = () => (resolvedDefaults ??= defaultCssVariablesResolver(DEFAULT_THEME));',
        )
        .replaceAll('defaultCssVariables.', 'defaults().');
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    mantineUseId(),
    mantineLazyDefaultVariables(),
    // The server entry (entry-server.tsx, `vite build --ssr`) is read from disk by the API, not served.
    !isSsrBuild &&
      // Brotli (best quality) and gzip copies of every text file beside it, served by the API server by
      // Accept-Encoding (apps/api/src/site): nothing is compressed per request.
      compression({
        include: /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
        threshold: 512,
        skipIfLargerOrEqual: true,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
  ],
  resolve: { alias: { '@': '/src' } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false, ws: true, configure: sameOriginAsApi },
      '/_emulators': { target: api, changeOrigin: false, ws: true },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist-server', sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        sourcemap: false,
        // The API's page server links each route's stylesheets from it (apps/api/src/site/stylesheets.ts).
        manifest: true,
        // The entry's imports are preloaded by the page's start script (apps/api/src/site/template.ts); a
        // lazy chunk's own imports are not: inserting a <link rel=modulepreload> for each of them was the
        // longest part of a route's start-up task on a phone (decision 091).
        modulePreload: {
          resolveDependencies: (_file, deps, { hostType }) =>
            hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
        },
        // The home page budget is checked from the gzip sizes vite prints.
        reportCompressedSize: true,
      },
}));
