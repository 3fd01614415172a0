/**
 * What MUI's `createTheme` gets in the browser build instead of its CSS-variables theme builder
 * (`web/mui-theme-plugin.ts`): our theme never asks for CSS variables, so this is never called.
 */
export default function createThemeWithVars(): never {
  throw new Error(
    'This build leaves out MUI’s CSS-variables theme (web/mui-theme-plugin.ts): a theme with `cssVariables` or `colorSchemes` needs the plugin removed.',
  );
}
