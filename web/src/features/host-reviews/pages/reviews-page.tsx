/**
 * 口コミ (DESIGN §4e): every review of the host's experiences, newest first, filtered by experience and rating,
 * with one reply per review (返信する / 返信を編集). Hidden reviews stay listed, marked 非表示.
 */
import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Review } from '@domain/reviews';
import { REVIEW_REPLY_MAX } from '@domain/reviews';
import { PageHeader } from '../../../components/back-office/page-header';
import { ReviewList } from '../../../components/back-office/review-card';
import { ApiError } from '../../../lib/api-client';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';

function ReplyForm({ review }: { review: Review }) {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? '');
  const save = useMutation({
    mutationFn: () => api<Review>(`/host/reviews/${review.id}/reply`, { method: 'PUT', body: { text } }),
    onSuccess: () => {
      setOpen(false);
      toast({ severity: 'success', message: '返信を保存しました' });
      void queryClient.invalidateQueries({ queryKey: [...HOST_QUERY_ROOT, 'reviews'] });
    },
  });
  /** One save at a time, however fast the clicks. */
  const flight = useSingleFlight();
  if (!open) {
    return (
      <Button sx={{ mt: 1 }} onClick={() => setOpen(true)}>
        {review.reply ? '返信を編集' : '返信する'}
      </Button>
    );
  }
  const error = save.error instanceof ApiError ? (save.error.fields?.text ?? save.error.message) : null;
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      <TextField
        label="返信"
        multiline
        minRows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(error) || text.length > REVIEW_REPLY_MAX}
        helperText={error ?? `${text.length} / ${REVIEW_REPLY_MAX}文字`}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          disabled={flight.pending || save.isPending}
          // The mutation's own callbacks say what happened; the promise is only awaited.
          onClick={() => void flight.run(() => save.mutateAsync().catch(() => undefined))}
        >
          返信を保存
        </Button>
        <Button onClick={() => setOpen(false)}>キャンセル</Button>
      </Box>
    </Stack>
  );
}

export function ReviewsPage() {
  useBackOfficePageMeta('口コミ');
  const api = useAuthorizedApi();
  const [experienceId, setExperienceId] = useState('');
  const [rating, setRating] = useState('');
  const experiences = useQuery({
    queryKey: [...HOST_QUERY_ROOT, 'experiences'],
    queryFn: ({ signal }) => api<{ items: { id: string; title: string }[] }>('/host/experiences', { signal }),
    retry: retryUnlessClientError,
  });
  const params = new URLSearchParams({
    ...(experienceId ? { experienceId } : {}),
    ...(rating ? { rating } : {}),
  });
  const reviews = useInfiniteQuery({
    queryKey: [...HOST_QUERY_ROOT, 'reviews', experienceId, rating],
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams(params);
      if (pageParam) q.set('cursor', pageParam);
      return api<{ items: Review[]; cursor?: string }>(`/host/reviews?${q.toString()}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor,
    retry: retryUnlessClientError,
  });
  return (
    <>
      <PageHeader title="口コミ" subtitle="ゲストの口コミに返信できます（1件につき1つ、編集可）" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          select
          label="体験"
          value={experienceId}
          onChange={(e) => setExperienceId(e.target.value)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">すべての体験</MenuItem>
          {(experiences.data?.items ?? []).map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="評価"
          value={rating}
          onChange={(e) => setRating(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">すべての評価</MenuItem>
          {[5, 4, 3, 2, 1].map((r) => (
            <MenuItem key={r} value={String(r)}>
              {'★'.repeat(r)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ReviewList
        reviews={reviews}
        emptyText="口コミはまだありません。"
        action={(review) => <ReplyForm review={review} />}
      />
    </>
  );
}
