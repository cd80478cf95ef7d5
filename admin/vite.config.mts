import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    alias: {
      // The kernel's path alias (tsconfig.base.json `paths`).
      '@kernel': path.resolve(import.meta.dirname, '../kernel'),
      // The CSV library's builds for the browser (Node's Buffer bundled in); Node and the tests use the plain ones.
      'csv-parse/sync': 'csv-parse/browser/esm/sync',
      'csv-stringify/sync': 'csv-stringify/browser/esm/sync',
    },
  },
  build: { outDir: process.env.ADMIN_DIST ? path.resolve(process.env.ADMIN_DIST) : 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { port: 5173, proxy: { '/api': apiTarget, '/healthz': apiTarget } },
});
