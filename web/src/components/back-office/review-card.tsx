import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Review } from '@domain/reviews';
import { formatDateTimeJa } from '../../lib/back-office/format';

const LANGUAGE_JA: Record<string, string> = {
  en: '英語',
  ja: '日本語',
  'zh-Hant': '繁体字中国語',
  ko: '韓国語',
};

/** One review in the back office (host and admin 口コミ screens): stars, who, when, the text, the reply, its state. */
export function ReviewCard({ review, children }: { review: Review; children?: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" data-testid="review-row" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography aria-label={`評価 ${review.rating}`} sx={{ color: '#f5a623', letterSpacing: 1 }}>
          {'★'.repeat(review.rating)}
          <Box component="span" sx={{ color: 'grey.300' }}>
            {'★'.repeat(5 - review.rating)}
          </Box>
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{review.experienceTitle}</Typography>
        {review.status === 'hidden' && <Chip size="small" color="warning" label="非表示" />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {review.authorName}・体験日 {review.tourDate}・{LANGUAGE_JA[review.language] ?? review.language}・投稿{' '}
        {formatDateTimeJa(review.createdAt)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', mt: 1, wordBreak: 'break-word' }} lang={review.language}>
        {review.text}
      </Typography>
      {review.status === 'hidden' && review.hiddenReason && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          非表示の理由：{review.hiddenReason}
        </Typography>
      )}
      {review.reply && (
        <Box sx={{ mt: 1.5, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
          <Typography variant="subtitle2">ホストからの返信</Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{review.reply.text}</Typography>
        </Box>
      )}
      {children}
    </Paper>
  );
}

/**
 * The review list of both 口コミ screens: the load error, the empty state, one card per review with the screen's own
 * action under it (the host's reply, the admin's moderation), and さらに表示 while the API has more.
 */
export function ReviewList({
  reviews,
  emptyText,
  action,
}: {
  reviews: UseInfiniteQueryResult<InfiniteData<{ items: Review[] }>, unknown>;
  emptyText: string;
  action: (review: Review) => ReactNode;
}) {
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {reviews.isError && <Alert severity="error">口コミを読み込めませんでした。</Alert>}
      {reviews.isSuccess && items.length === 0 && <Alert severity="info">{emptyText}</Alert>}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((review) => (
          <ReviewCard key={review.id} review={review}>
            {action(review)}
          </ReviewCard>
        ))}
      </Stack>
      {reviews.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void reviews.fetchNextPage()}>
          さらに表示
        </Button>
      )}
    </>
  );
}
