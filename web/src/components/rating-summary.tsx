import Box from '@mui/material/Box';
import type { RatingSummary } from '@domain/reviews';
import { useT } from '../lib/i18n/i18n';

/**
 * "★ 4.3 (5)": the average of the visible reviews and their count (DESIGN §4e), on cards and near the detail
 * page's title. Plain text and one star glyph (no icon font, no MUI Rating): cards sit on the light home page.
 */
export function RatingSummaryText({
  rating,
  size = '0.875rem',
}: {
  rating?: RatingSummary | undefined;
  size?: string;
}) {
  const { t } = useT();
  if (!rating || rating.count <= 0) return null;
  const average = rating.average.toFixed(1);
  return (
    <Box
      component="span"
      role="img"
      aria-label={t('rating.label', { count: rating.count, average })}
      data-testid="rating-summary"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: size, fontWeight: 600 }}
    >
      <Box component="span" aria-hidden sx={{ color: '#f5a623' }}>
        ★
      </Box>
      <span aria-hidden>{average}</span>
      <Box component="span" aria-hidden sx={{ color: 'text.secondary', fontWeight: 400 }}>
        ({rating.count})
      </Box>
    </Box>
  );
}
