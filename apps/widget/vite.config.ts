import { defineConfig } from 'vite';

/** One IIFE file, `dist/sapa-widget.js`, that a site loads with a plain script tag (no module, no CSS file). */
export default defineConfig({
  build: {
    lib: { entry: 'src/main.ts', name: 'SapaWidget', formats: ['iife'], fileName: () => 'sapa-widget.js' },
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    sourcemap: false,
  },
});
