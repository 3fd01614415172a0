import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
// With its extension: Vite's coming native config loader resolves no extensionless relative import.
import { buildInfoPlugin } from './build-info.ts';
import { catalogueCompilerPlugin } from './catalogue-plugin.ts';
import { muiThemeWithoutCssVarsPlugin } from './mui-theme-plugin.ts';
import { earlyTapsPlugin } from './early-taps-plugin.ts';

/**
 * The SPA build. `npm run build:web`, `npm run synth` and the local stack (`scripts/local/web-build.ts`) use this
 * file; the output in `web/dist` is what the local server and, in AWS, the web bucket behind CloudFront serve.
 */
const config = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [
    react(),
    buildInfoPlugin(),
    catalogueCompilerPlugin(),
    muiThemeWithoutCssVarsPlugin(),
    earlyTapsPlugin(),
  ],
  resolve: {
    alias: [
      { find: '@domain', replacement: fileURLToPath(new URL('../functions/domain', import.meta.url)) },
      // MUI calls emotion's `styled(tag, options)` and nothing else of it. The package's main module also makes a
      // `styled.div`-style shorthand for each of 150 tags when it is evaluated, and the first of them compiles
      // `@emotion/is-prop-valid`'s regular expression of every HTML attribute: 10 ms of the shell's evaluation on
      // this machine, 78 ms at a phone's CPU (issue 34). Its `base` module is the same `styled` without them.
      { find: /^@emotion\/styled$/, replacement: '@emotion/styled/base' },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Route-level chunks keep the guest pages small; the warning threshold matches our budget for one chunk.
    chunkSizeWarningLimit: 600,
    // A lazy import normally appends a `modulepreload` link for each chunk the imported one needs, all in the task
    // that imports it. The list's route needs 24; under Lighthouse (whose trace records where each request came
    // from) appending them made the router's start a task of 20–35 ms unthrottled, 80–140 ms at its phone's CPU,
    // the list's longest after its first paint (issue 34). For the guest list the browser's module loader fetches
    // the route's imports itself, a level at a time, each in a task of its own: median TBT 225 → 175 ms. The
    // experience page keeps its links: without them its TBT fell too (101 → 44 ms), but its LCP rose past 2.0 s in
    // three runs of five (README, issue 34, step 18).
    modulePreload: {
      resolveDependencies: (filename: string, deps: string[], { hostId }: { hostId: string }) =>
        /(^|\/)experience-list-page-/.test(filename) && /(^|\/)index-/.test(hostId) ? [] : deps,
    },
    rolldownOptions: {
      treeshake: {
        // CommonJS helpers the shell imports only for code it never runs (emotion's withTheme hoisting, MUI's prop
        // types): declared free of side effects, they go when unused.
        moduleSideEffects: (id: string) =>
          /node_modules[\\/](hoist-non-react-statics|prop-types|react-is)[\\/]/.test(id) ? false : undefined,
      },
      // Everything the entry imports statically goes into one chunk. Rolldown otherwise splits the shell into ten
      // files (modules the lazy routes share with it), and every first visit pays a request round trip per file
      // before anything renders (Lighthouse models HTTP/1.1's six connections per host for the local server).
      // Modules only the lazy routes use still split automatically.
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'], priority: 10 }],
        },
      },
    },
  },
  server: {
    // `vite` dev server against a running `npm start`: the API, images and config come from the local stack.
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
      '/config.json': 'http://localhost:3000',
    },
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is for people, whatever called it: Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds, so
  // a build started from a test run would otherwise bundle React's development build (a third larger, slower).
  // Vite reads NODE_ENV only after loading this file, and this is where its own NODE_ENV warning says to set it.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
