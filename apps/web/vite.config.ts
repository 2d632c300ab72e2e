/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { CATALOGUE_FILE, compileCatalogue } from './src/lib/i18n/compile';

const api = process.env.CANDOR_API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig(({ isSsrBuild }) => ({
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    // Catalogues (`messages/<language>.json`) are compiled here, so no page carries a parser.
    {
      name: 'candor-catalogues',
      enforce: 'pre',
      transform(code, id) {
        const file = id.split('?')[0] ?? id;
        if (!CATALOGUE_FILE.test(file)) return null;
        return { code: JSON.stringify(compileCatalogue(code, file)), map: null };
      },
    },
    react(),
    tailwindcss(),
    // Every text file is also written as .br and .gz at build time, so the server never
    // compresses at request time (apps/server/src/plugins/web-app.ts picks one per request).
    // The server-side build (the pre-rendering, scripts/prerender.mjs) is never served.
    !isSsrBuild &&
      compression({
        include: /\.(html|js|mjs|css|svg|txt|webmanifest)$/,
        threshold: 0,
        skipIfLargerOrEqual: false,
        algorithms: [
          defineAlgorithm('brotliCompress', {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
          }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
  ],
  resolve: {
    // `@/x` is `src/x`: imports that leave a feature or a top-level folder start at the root.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The production CSP allows no inline script (but the pre-rendered pages' session mark, by its
    // hash): keep the module preload polyfill out of HTML.
    modulePreload: { polyfill: false },
    // bench/ and the budget test read which files each page needs from here.
    manifest: true,
    // The app's entry is index.html's; pages drawn at build time start from a small one of their
    // own (src/landing.ts, src/after-paint.ts) that loads it when needed.
    rollupOptions: isSsrBuild
      ? undefined
      : {
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            landing: fileURLToPath(new URL('./src/landing.ts', import.meta.url)),
            'after-paint': fileURLToPath(new URL('./src/after-paint.ts', import.meta.url)),
          },
        },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    css: false,
    // Journeys through a page take a few seconds on a machine busy with other work.
    testTimeout: 20_000,
  },
}));
