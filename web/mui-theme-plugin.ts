/**
 * Keeps MUI's CSS-variables theme builder out of the browser build (issue 19: the guest home's initial JS).
 * `createTheme` imports `createThemeWithVars` (4.3 kB gzip with what it pulls in) for themes that set `cssVariables`
 * or `colorSchemes`. Our theme (`web/src/app/theme.ts`) sets neither, so `createTheme` always takes its other path
 * (`createThemeNoVars`, MUI v5's behaviour), but no bundler can see that the builder is never called. This hook
 * gives `createTheme` a stand-in that throws a clear error if a theme ever asks for CSS variables; a test
 * (`mui-theme-plugin.test.ts`) checks that ours does not. MUI exports no `createThemeNoVars` to call directly.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const THEME_WITH_VARS_STAND_IN = join(
  dirname(fileURLToPath(import.meta.url)),
  'src/app/theme-without-css-vars.ts',
);

/** `createTheme`'s import of the builder: `./createThemeWithVars.mjs` from `@mui/material/styles/createTheme.mjs`. */
export function isThemeWithVarsImport(source: string, importer: string | undefined): boolean {
  return (
    /^\.\/createThemeWithVars(\.mjs|\.js)?$/.test(source) &&
    !!importer &&
    /[\\/]@mui[\\/]material[\\/](esm[\\/])?styles[\\/]createTheme\.m?js$/.test(importer)
  );
}

export function muiThemeWithoutCssVarsPlugin(): Plugin {
  return {
    name: 'mui-theme-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return isThemeWithVarsImport(source, importer) ? THEME_WITH_VARS_STAND_IN : null;
    },
  };
}
