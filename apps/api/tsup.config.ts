import { defineConfig } from 'tsup';

// The server is bundled with the workspace packages it imports (they ship TypeScript source);
// npm dependencies stay external and load from node_modules.
export default defineConfig({
  entry: { main: 'src/app/main.ts', 'check-panel': 'src/app/check-panel.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@falkenhost\//],
});
