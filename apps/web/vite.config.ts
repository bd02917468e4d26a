import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server; FALKENHOST_API points the dev proxy elsewhere (e.g. a mock) when needed.
const api = process.env.FALKENHOST_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
