import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Fade from '@mui/material/Fade';

/** The full-screen loading screen of the home and landing pages (shown 1–3 s, see `useMinDurationLoader`). */
export function FullScreenLoader({ show }: { show: boolean }) {
  return (
    <Fade in={show} timeout={{ enter: 0, exit: 400 }} unmountOnExit>
      <Box
        role="status"
        aria-label="Loading"
        sx={{
          position: 'fixed',
          inset: 0,
          zIndex: (t) => t.zIndex.modal + 2,
          bgcolor: '#fafaf7',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
          <img src="/logo.svg" alt="" width={64} height={64} />
          <CircularProgress aria-hidden />
        </Box>
      </Box>
    </Fade>
  );
}
