import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.SAPA_API_URL ?? 'http://localhost:3000';

/**
 * The web app. `@sapa/contracts` is consumed from TypeScript source through the workspace symlink;
 * Vite resolves the symlink to packages/contracts (outside node_modules), so it is transpiled like our
 * own code and never pre-bundled.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom', 'zod'] },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    // Keep the previous build's chunks: a page already open (or a test) may still lazy-load them while a rebuild runs.
    emptyOutDir: false,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
});
