/**
 * オファー (DESIGN §4h): every offer the concierge made, of every status (送信済み, 開封済み, 予約済み, 期限切れ,
 * 取り下げ済み), newest first, with what it offers, to whom, until when and the booking it became. An open offer
 * (sent or opened) may be withdrawn after a confirmation: the slot it holds is released and the guest's link books
 * nothing any more. A guest who booked it meanwhile makes the API refuse (409), and the page says so.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { OfferStatusChip } from '../../../components/back-office/offer-status-chip';
import { PageHeader } from '../../../components/back-office/page-header';
import { RetryAlert } from '../../../components/back-office/retry-alert';
import { ApiError } from '../../../lib/api-client';
import {
  isOfferOpen,
  OFFER_STATUSES,
  offerStatusJa,
  type AdminOffer,
  type OfferStatus,
} from '../../../lib/back-office/concierge';
import { formatDateTimeJa, formatSlotJa, formatYen } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { useAdminOffers, useWithdrawOffer } from '../api/offers';

export function AdminOffersPage() {
  useBackOfficePageMeta('オファー');
  const [status, setStatus] = useState<OfferStatus | ''>('');
  const offers = useAdminOffers(status);
  const rows = offers.data?.pages.flatMap((p) => p.items);
  const withdraw = useWithdrawOffer();
  const toast = useToast();
  const [target, setTarget] = useState<AdminOffer | null>(null);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);

  const confirmWithdraw = async () => {
    if (!target) return;
    setWithdrawError(null);
    try {
      await withdraw.mutateAsync({ id: target.id });
      setTarget(null);
      toast({ severity: 'success', message: 'オファーを取り下げました。予約枠を解放しました。' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return;
      setWithdrawError(
        e instanceof ApiError && e.status === 409
          ? e.message && e.code !== 'http_409'
            ? e.message
            : 'このオファーはすでに予約済みか終了しているため、取り下げできません。'
          : 'オファーを取り下げできませんでした。時間をおいて再度お試しください。',
      );
    }
  };

  return (
    <>
      <PageHeader
        title="オファー"
        subtitle="コンシェルジュがお客様に送ったオファーです。送信中のオファーは予約枠を確保しています。"
        actions={
          <Button component={RouterLink} to="/admin/offers/new" variant="contained" startIcon={<AddIcon />}>
            オファーを作成
          </Button>
        }
      />
      <Tabs
        value={status}
        onChange={(_e, value: OfferStatus | '') => setStatus(value)}
        aria-label="オファーの状態"
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        <Tab value="" label="すべて" />
        {OFFER_STATUSES.map((s) => (
          <Tab key={s} value={s} label={offerStatusJa[s]} />
        ))}
      </Tabs>
      {offers.isError && (
        <RetryAlert onRetry={() => void offers.refetch()} sx={{ mb: 2 }}>
          オファーを取得できませんでした。
        </RetryAlert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="オファー一覧" size="small">
          <TableHead>
            <TableRow>
              <TableCell>状態</TableCell>
              <TableCell>体験</TableCell>
              <TableCell>日時</TableCell>
              <TableCell align="right">人数</TableCell>
              <TableCell align="right">合計金額</TableCell>
              <TableCell>有効期限</TableCell>
              <TableCell>お客様</TableCell>
              <TableCell>予約</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!rows && !offers.isError
              ? [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={9}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : rows?.map((offer) => (
                  <TableRow key={offer.id} data-testid="offer-row">
                    <TableCell>
                      <OfferStatusChip status={offer.status} />
                      {offer.preApproved && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          ホスト承諾済み
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {offer.experience.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {offer.businessName}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatSlotJa(offer.date, offer.time)}
                    </TableCell>
                    <TableCell align="right">{offer.guests}名</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatYen(offer.totalAmount)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeJa(offer.expiresAt)}</TableCell>
                    <TableCell>
                      <Typography variant="body2">
                        {offer.inquiryId ? (
                          <Link
                            component={RouterLink}
                            to={`/admin/inquiries/${encodeURIComponent(offer.inquiryId)}`}
                          >
                            {offer.guest.name}
                          </Link>
                        ) : (
                          offer.guest.name
                        )}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                        {offer.guest.email}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {offer.bookingId && offer.bookingReference ? (
                        <Link
                          component={RouterLink}
                          to={`/admin/booking/${encodeURIComponent(offer.bookingId)}`}
                        >
                          {offer.bookingReference}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>
                      {isOfferOpen(offer.status) && (
                        <Button
                          size="small"
                          color="error"
                          variant="outlined"
                          onClick={() => {
                            setWithdrawError(null);
                            setTarget(offer);
                          }}
                          aria-label={`${offer.guest.name} 様へのオファーを取り下げ`}
                        >
                          取り下げ
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {status ? `「${offerStatusJa[status]}」のオファーはありません。` : 'オファーはまだありません。'}
        </Typography>
      )}
      {offers.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void offers.fetchNextPage()} disabled={offers.isFetchingNextPage}>
            {offers.isFetchingNextPage ? '読み込み中…' : 'さらに表示'}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={target !== null}
        title="このオファーを取り下げますか？"
        confirmLabel="取り下げる"
        workingLabel="取り下げ中"
        danger
        working={withdraw.isPending}
        error={withdrawError}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirmWithdraw()}
      >
        {target && (
          <>
            {target.guest.name} 様への「{target.experience.title}」（{formatSlotJa(target.date, target.time)}
            ・{target.guests}名・{formatYen(target.totalAmount)}
            ）のオファーを取り下げます。確保している予約枠は解放され、
            お客様のリンクからは予約できなくなります。
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
