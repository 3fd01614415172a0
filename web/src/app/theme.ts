import { createTheme, type Theme } from '@mui/material/styles';

let made: Theme | undefined;

/**
 * Deep Setouchi blue and mikan orange, on a warm paper background. Made on the first call, not when the module is
 * evaluated: making a theme takes 6–7 ms on this machine and 30–40 ms at Lighthouse's phone CPU, and main.tsx makes it in a
 * task of its own rather than inside the shell's evaluation, the page's longest task (issue 34).
 */
export function appTheme(): Theme {
  made ??= createTheme({
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
  });
  return made;
}
