import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The SPA build. `npm run build:web` and the local stack (Vite's JS API, `scripts/local/web-build.ts`) use this
 * file; the output in `web/dist` is what the local server and, in AWS, the web bucket behind CloudFront serve.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    alias: { '@domain': fileURLToPath(new URL('../functions/domain', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Route-level chunks keep the guest pages small; the warning threshold matches our budget for one chunk.
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `vite` dev server against a running `npm start`: the API, images and config come from the local stack.
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
      '/config.json': 'http://localhost:3000',
    },
  },
});
