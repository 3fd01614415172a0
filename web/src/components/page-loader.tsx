import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../lib/i18n/i18n';

/** A centred spinner with an accessible name, for pages and sections that are loading. */
export function PageLoader({ label, minHeight = '50vh' }: { label?: string; minHeight?: string | number }) {
  const { t } = useT();
  return (
    <Box
      role="status"
      aria-label={label ?? t('common.loading')}
      sx={{ display: 'grid', placeItems: 'center', minHeight }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
