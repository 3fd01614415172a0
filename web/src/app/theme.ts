import { createTheme } from '@mui/material/styles';

/** Deep Setouchi blue and mikan orange, on a warm paper background. */
export const theme = createTheme({
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
