/**
 * 口コミ (DESIGN §4e): reviews by state (表示中 / 非表示), searched by text, author or experience title; 非表示にする
 * asks for a reason (gone from the public list and the rating at once), 再表示 puts it back.
 */
import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { Review } from '@domain/reviews';
import { PageHeader } from '../../../components/back-office/page-header';
import { ReviewList } from '../../../components/back-office/review-card';
import { ApiError } from '../../../lib/api-client';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';

const ROOT = ['admin', 'reviews'] as const;

function Moderation({ review }: { review: Review }) {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: (hide: boolean) =>
      api<Review>(`/admin/reviews/${review.id}/${hide ? 'hide' : 'show'}`, {
        method: 'POST',
        ...(hide ? { body: { reason } } : {}),
      }),
    onSuccess: (after) => {
      setOpen(false);
      toast({
        severity: 'success',
        message: after.status === 'hidden' ? '口コミを非表示にしました' : '口コミを再表示しました',
      });
      void queryClient.invalidateQueries({ queryKey: ROOT });
    },
    onError: (e) => {
      if (!(e instanceof ApiError && e.fields)) toast({ severity: 'error', message: e.message });
    },
  });
  /** One hide or show request at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const working = flight.pending || change.isPending;
  // The mutation's own callbacks say what happened; the promise is only awaited.
  const act = (hide: boolean) => void flight.run(() => change.mutateAsync(hide).catch(() => undefined));
  if (review.status === 'hidden') {
    return (
      <Button sx={{ mt: 1 }} disabled={working} onClick={() => act(false)}>
        再表示
      </Button>
    );
  }
  const error = change.error instanceof ApiError ? change.error.fields?.reason : undefined;
  return (
    <>
      <Button sx={{ mt: 1 }} color="warning" onClick={() => setOpen(true)}>
        非表示にする
      </Button>
      <Dialog open={open} onClose={() => !working && setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>口コミを非表示にする</DialogTitle>
        <DialogContent>
          <TextField
            label="理由"
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? '公開ページと評価からすぐに外れます。理由は管理者にのみ表示されます。'}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>キャンセル</Button>
          <Button variant="contained" color="warning" disabled={working} onClick={() => act(true)}>
            非表示にする
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ReviewsPage() {
  useBackOfficePageMeta('口コミ');
  const api = useAuthorizedApi();
  const [status, setStatus] = useState<'visible' | 'hidden'>('visible');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const reviews = useInfiniteQuery({
    queryKey: [...ROOT, status, q],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        status,
        ...(q ? { q } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      });
      return api<{ items: Review[]; cursor?: string }>(`/admin/reviews?${params.toString()}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor,
    retry: retryUnlessClientError,
  });
  return (
    <>
      <PageHeader title="口コミ" subtitle="不適切な口コミを理由を添えて非表示にできます" />
      <Tabs value={status} onChange={(_, v: 'visible' | 'hidden') => setStatus(v)} sx={{ mb: 2 }}>
        <Tab value="visible" label="表示中" />
        <Tab value="hidden" label="非表示" />
      </Tabs>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
        sx={{ display: 'flex', gap: 1, mb: 3 }}
      >
        <TextField
          label="本文・投稿者・体験名で検索"
          size="small"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <Button type="submit" variant="outlined">
          検索
        </Button>
      </Box>
      <ReviewList
        reviews={reviews}
        emptyText="該当する口コミはありません。"
        action={(review) => <Moderation review={review} />}
      />
    </>
  );
}
