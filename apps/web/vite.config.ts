import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API server; FALKENHOST_API points the dev proxy elsewhere (e.g. a mock) when needed.
const api = process.env.FALKENHOST_API ?? 'http://localhost:3000';

/**
 * `<link rel="modulepreload">` in index.html for the chunk of src/app/start.ts and the chunks it imports,
 * beside Vite's own links for the entry's static imports: main.tsx imports start.ts dynamically only to
 * evaluate it in a task of its own, and its files should still download with the entry's.
 */
function preloadStartChunk(): Plugin {
  return {
    name: 'falkenhost:preload-start-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const start = entry.dynamicImports.find((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' && chunk.facadeModuleId?.endsWith('/src/app/start.ts');
        });
        if (!start) throw new Error('main.tsx no longer imports src/app/start.ts: update preloadStartChunk');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || file === entry.fileName || entry.imports.includes(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
        };
        visit(start);
        return [...files].map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadStartChunk(),
    // Brotli (best quality) and gzip copies of every text file beside it, served by the API server by
    // Accept-Encoding (apps/api/src/web): nothing is compressed per request.
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
      '/api': { target: api, changeOrigin: false, ws: true },
      '/_emulators': { target: api, changeOrigin: false, ws: true },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The home page budget is checked from the gzip sizes vite prints.
    reportCompressedSize: true,
  },
});
