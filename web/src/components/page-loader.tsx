import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner with an accessible name, for pages and sections that are loading. */
export function PageLoader({
  label = 'Loading',
  minHeight = '50vh',
}: {
  label?: string;
  minHeight?: string | number;
}) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <CircularProgress aria-hidden />
    </Box>
  );
}
