import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

let made: Theme | undefined;

/**
 * Deep Setouchi blue and mikan orange, on a warm paper background. Made on the first call, not when the module is
 * evaluated: making a theme takes 6–7 ms on this machine and 30–40 ms at Lighthouse's phone CPU, and main.tsx makes it in a
 * task of its own rather than inside the shell's evaluation, the page's longest task (issue 34).
 */
export function appTheme(): Theme {
  made ??= createTheme({ ...THEME, palette: { ...THEME.palette, ...PALETTE_TONES } });
  return made;
}

/** What we choose; MUI derives the rest. */
export const THEME = {
  palette: {
    primary: { main: '#14506a', contrastText: '#ffffff' },
    secondary: { main: '#f7a11a', contrastText: '#1a1a1a' },
    background: { default: '#fafaf7', paper: '#ffffff' },
    text: { primary: '#1f2a30', secondary: '#4f5d63' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      '"Helvetica Neue", Helvetica, Arial, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", Meiryo, sans-serif',
    h1: { fontSize: '2.5rem', fontWeight: 700 },
    h2: { fontSize: '2rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
} satisfies ThemeOptions;

/**
 * The light and dark tones and the text colour MUI derives for each palette colour, written out: deriving them
 * parses and mixes colours, about a third of making the theme (13 of 37 ms at Lighthouse's phone CPU, issue 34).
 * `theme.test.ts` checks they are exactly what MUI derives from THEME.
 */
export const PALETTE_TONES = {
  primary: { main: '#14506a', light: 'rgb(67, 115, 135)', dark: 'rgb(14, 56, 74)', contrastText: '#ffffff' },
  secondary: {
    main: '#f7a11a',
    light: 'rgb(248, 179, 71)',
    dark: 'rgb(172, 112, 18)',
    contrastText: '#1a1a1a',
  },
  error: { main: '#d32f2f', light: '#ef5350', dark: '#c62828', contrastText: '#fff' },
  warning: { main: '#ed6c02', light: '#ff9800', dark: '#e65100', contrastText: '#fff' },
  info: { main: '#0288d1', light: '#03a9f4', dark: '#01579b', contrastText: '#fff' },
  success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#fff' },
} satisfies ThemeOptions['palette'];
