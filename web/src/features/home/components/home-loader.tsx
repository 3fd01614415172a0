import Box from '@mui/material/Box';
import { useT } from '../../../lib/i18n/i18n';

/**
 * The full-screen loading screen of the home page (shown 1–3 s, see `useMinDurationLoader`). Drawn with CSS, like
 * the boot spinner of index.html, rather than MUI's progress and transition components: it is on the home page's
 * critical path, whose JavaScript budget is tight.
 */
export function FullScreenLoader({ show }: { show: boolean }) {
  const { t } = useT();
  if (!show) return null;
  return (
    <Box
      role="status"
      aria-label={t('common.loading')}
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
        <img src="/logo.png" alt="" width={64} height={64} />
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            border: '3px solid #cfdfe6',
            borderTopColor: 'primary.main',
            borderRadius: '50%',
            animation: 'home-loader-spin 0.8s linear infinite',
            '@keyframes home-loader-spin': { to: { transform: 'rotate(360deg)' } },
            '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
          }}
        />
      </Box>
    </Box>
  );
}
