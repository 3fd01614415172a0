import Box from '@mui/material/Box';
import type { RatingSummary } from '@domain/reviews';

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
  if (!rating || rating.count <= 0) return null;
  const average = rating.average.toFixed(1);
  const reviews = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  return (
    <Box
      component="span"
      role="img"
      aria-label={`Rated ${average} out of 5 from ${reviews}`}
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
