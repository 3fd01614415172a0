import { styled } from '@mui/material/styles';
import { forwardToElement } from '../lib/forward-to-element';
import type { RatingSummary } from '@domain/reviews';
import { useT } from '../lib/i18n/i18n';

/** One styled element per summary (a list shows fifteen): its parts by class. */
const Root = styled('span', { shouldForwardProp: forwardToElement })(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(0.5),
  fontWeight: 600,
  '& .rs-star': { color: '#f5a623' },
  '& .rs-count': { color: theme.palette.text.secondary, fontWeight: 400 },
}));

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
    <Root
      role="img"
      aria-label={t('rating.label', { count: rating.count, average })}
      data-testid="rating-summary"
      style={{ fontSize: size }}
    >
      <span className="rs-star" aria-hidden>
        ★
      </span>
      <span aria-hidden>{average}</span>
      <span className="rs-count" aria-hidden>
        ({rating.count})
      </span>
    </Root>
  );
}
