/**
 * The theme's palette tones are written out (web/src/app/theme.ts, issue 34) so that making the theme does not derive
 * them: they must be exactly what MUI derives from our chosen colours, or the site's colours would drift.
 */
import { createTheme } from '@mui/material/styles';
import { appTheme, PALETTE_TONES, THEME } from '../../../web/src/app/theme';

describe("the theme's written-out palette tones", () => {
  it("are MUI's own derivation of our colours, and the whole palette is the same", () => {
    const derived = createTheme(THEME).palette;
    for (const name of Object.keys(PALETTE_TONES) as (keyof typeof PALETTE_TONES)[]) {
      expect(PALETTE_TONES[name]).toEqual({ ...derived[name] });
    }
    // Functions (augmentColor, getContrastText) aside.
    expect(JSON.parse(JSON.stringify(appTheme().palette))).toEqual(JSON.parse(JSON.stringify(derived)));
  });
});
