/**
 * The experience form's save bar: always in sight at the bottom of the window, but in the page's flow, so it
 * covers no control at the end of the form; the page's scroll padding (the bar and a margin, so no fraction of a
 * pixel overlaps) keeps a focused or scrolled-to control above it (issue 21 item 13: a save button fixed in the
 * corner hid 「期間を指定して休止」). The create and edit screens share it (issue 32 item 13: the button is always
 * reachable, however long the form).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';

/** The bar's height; the page's bottom scroll padding, so nothing scrolled to hides under it. */
export const SAVE_BAR_HEIGHT = 72;

export function SaveBar({ children }: { children: ReactNode }) {
  return (
    <>
      <GlobalStyles styles={{ html: { scrollPaddingBottom: SAVE_BAR_HEIGHT + 16 } }} />
      <Box
        data-testid="save-bar"
        sx={{
          position: 'sticky',
          bottom: 0,
          minHeight: SAVE_BAR_HEIGHT,
          mt: 3,
          mx: { xs: -2, sm: -3, md: -4 },
          px: { xs: 2, sm: 3, md: 4 },
          py: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          gap: 1,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: (theme) => theme.zIndex.appBar - 1,
          displayPrint: 'none',
        }}
      >
        {children}
      </Box>
    </>
  );
}
