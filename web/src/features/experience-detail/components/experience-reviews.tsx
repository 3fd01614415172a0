import { useInfiniteQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicReview, RatingSummary } from '@domain/reviews';
import { useApi } from '../../../app/api';
import { RatingSummaryText } from '../../../components/rating-summary';
import { useT, type MessageKey } from '../../../lib/i18n/i18n';
import { contentLang } from '../../../lib/i18n/content-lang';
import { isLocale, type Locale } from '../../../lib/i18n/locales';

const PAGE_SIZE = 5;
const LANGUAGE_NAMES = {
  en: 'reviews.language.en',
  ja: 'reviews.language.ja',
  'zh-Hant': 'reviews.language.zh-Hant',
  ko: 'reviews.language.ko',
} as const satisfies Record<Locale, MessageKey>;

interface ReviewPage {
  items: PublicReview[];
  cursor?: string;
  summary: RatingSummary;
}

const MONTH: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };

/**
 * The detail page's reviews (DESIGN §4e): newest first, five at a time with "Show more reviews", each with its
 * stars, the guest's first name and initial, the month of the tour, the language it was written in and the host's
 * reply under it. Every text is rendered by React, so it is escaped.
 */
export function ExperienceReviews({ experienceId }: { experienceId: string }) {
  const api = useApi();
  const { t, date } = useT();
  const reviews = useInfiniteQuery({
    queryKey: ['experience-reviews', experienceId],
    queryFn: ({ pageParam, signal }) =>
      api<ReviewPage>(
        `/experiences/${encodeURIComponent(experienceId)}/reviews?limit=${PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor,
  });
  const summary = reviews.data?.pages[0]?.summary;
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  if (!summary || summary.count === 0) return null;
  return (
    <Box component="section" aria-labelledby="reviews-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 2 }}>
        <Typography id="reviews-title" variant="h5" component="h2">
          {t('reviews.title')}
        </Typography>
        <RatingSummaryText rating={summary} size="1rem" />
      </Stack>
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((review) => (
          <Paper component="li" variant="outlined" key={review.id} sx={{ p: 2 }} data-testid="review">
            {/* One image per rating with its own label (issue 32 item 5): a label on a paragraph is not read, so
                screen readers used to hear the five star characters of every review. */}
            <Box
              role="img"
              aria-label={t('reviews.stars', { rating: review.rating })}
              data-testid="review-rating"
              sx={{ color: '#f5a623', letterSpacing: 2, display: 'inline-block', lineHeight: 1.5 }}
            >
              <span aria-hidden>{'★'.repeat(review.rating)}</span>
              <Box component="span" aria-hidden sx={{ color: 'grey.300' }}>
                {'★'.repeat(5 - review.rating)}
              </Box>
            </Box>
            <Typography variant="subtitle2" component="p">
              {/* The name as the guest wrote it, marked with its script's language (a Japanese name on /en). */}
              <span lang={contentLang(review.authorName)}>{review.authorName}</span> ·{' '}
              {t('reviews.byline', {
                month: date(`${review.tourDate}-01`, MONTH),
                language: isLocale(review.language) ? t(LANGUAGE_NAMES[review.language]) : review.language,
              })}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', mt: 1 }} lang={review.language}>
              {review.text}
            </Typography>
            {review.reply && (
              <Box sx={{ mt: 1.5, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
                <Typography variant="subtitle2" component="p">
                  {t('reviews.reply')}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{review.reply.text}</Typography>
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
      {reviews.hasNextPage && (
        <Button
          sx={{ mt: 2 }}
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          {t('reviews.more')}
        </Button>
      )}
    </Box>
  );
}
