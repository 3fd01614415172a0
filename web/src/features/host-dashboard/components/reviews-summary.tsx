import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RatingSummary, Review } from '@domain/reviews';

/** What `GET /api/host/dashboard` adds about reviews (DESIGN §4e). */
export interface DashboardReviews {
  rating: RatingSummary | null;
  newestReview: Review | null;
}

/** The dashboard's 口コミ box: the average over every visible review, and the newest review. */
export function ReviewsSummary({ reviews }: { reviews: DashboardReviews | undefined }) {
  if (!reviews) return null;
  const { rating, newestReview } = reviews;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 4 }} data-testid="dashboard-reviews">
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          口コミ
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>
          {rating ? `平均 ★${rating.average.toFixed(1)}（${rating.count}件）` : 'まだ口コミはありません'}
        </Typography>
      </Box>
      {newestReview && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            最新：{newestReview.experienceTitle}・{'★'.repeat(newestReview.rating)}・{newestReview.authorName}
          </Typography>
          <Typography
            sx={{
              whiteSpace: 'pre-line',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {newestReview.text}
          </Typography>
        </Box>
      )}
      <Button component={RouterLink} to="/host/reviews" size="small" sx={{ mt: 1 }}>
        口コミ一覧へ
      </Button>
    </Paper>
  );
}
