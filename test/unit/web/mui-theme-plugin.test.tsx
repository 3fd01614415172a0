/**
 * Issue 19 (the guest home's initial JS): the browser build gives MUI's `createTheme` a stand-in for its
 * CSS-variables theme builder (web/mui-theme-plugin.ts). That is safe only while our theme never asks for CSS
 * variables, and useful only while the hook still matches the import of the installed MUI.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { appTheme } from '../../../web/src/app/theme';
import createThemeWithVarsStandIn from '../../../web/src/app/theme-without-css-vars';
import { isThemeWithVarsImport } from '../../../web/mui-theme-plugin';

describe("MUI's CSS-variables theme left out of the browser build", () => {
  it('our theme is built without CSS variables, so createTheme never reaches the left-out builder', () => {
    expect(appTheme().vars).toBeUndefined();
    expect(appTheme().palette.primary.main).toBe('#14506a');
  });

  it("matches the import in the installed MUI's createTheme, and nothing else", () => {
    const require = createRequire(import.meta.url);
    const styles = dirname(require.resolve('@mui/material/styles'));
    const createTheme = join(styles, 'createTheme.mjs');
    const imports = [...readFileSync(createTheme, 'utf8').matchAll(/import \w+ from "([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(imports.filter((source) => isThemeWithVarsImport(source, createTheme))).toEqual([
      './createThemeWithVars.mjs',
    ]);
    expect(isThemeWithVarsImport('./createThemeWithVars.mjs', join(styles, 'index.mjs'))).toBe(false);
    expect(isThemeWithVarsImport('./createThemeNoVars.mjs', createTheme)).toBe(false);
  });

  it('the stand-in says what to do if a theme ever asks for CSS variables', () => {
    expect(() => createThemeWithVarsStandIn()).toThrow(/cssVariables.*plugin removed/);
  });
});
