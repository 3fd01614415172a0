/**
 * 問い合わせ (DESIGN §4h): the concierge's inbox. Every inquiry with its status, when it came and the reply deadline
 * (one working day, in Tokyo time); the server lists overdue ones first, then the nearest deadline, and this page
 * keeps its order. An overdue inquiry is marked with an icon and the words 期限超過, not by colour alone.
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
import { PageHeader } from '../../../components/back-office/page-header';
import { RetryAlert } from '../../../components/back-office/retry-alert';
import { INQUIRY_STATUSES, inquiryStatusJa, type InquiryStatus } from '../../../lib/back-office/concierge';
import { formatDateTimeJa } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useAdminInquiries } from '../api/inquiries';
import { InquiryStatusChip, OverdueMark } from '../components/inquiry-status';

export function AdminInquiriesPage() {
  useBackOfficePageMeta('問い合わせ');
  const [status, setStatus] = useState<InquiryStatus | ''>('');
  const inquiries = useAdminInquiries(status);
  const rows = inquiries.data?.pages.flatMap((p) => p.items);

  return (
    <>
      <PageHeader
        title="問い合わせ"
        subtitle="お客様からのご相談です。受付から1営業日以内（平日 10:30〜18:00、日本時間）に返信してください。"
        actions={
          <Button component={RouterLink} to="/admin/offers/new" variant="outlined" startIcon={<AddIcon />}>
            オファーを作成
          </Button>
        }
      />
      <Tabs
        value={status}
        onChange={(_e, value: InquiryStatus | '') => setStatus(value)}
        aria-label="問い合わせの状態"
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        <Tab value="" label="すべて" />
        {INQUIRY_STATUSES.map((s) => (
          <Tab key={s} value={s} label={inquiryStatusJa[s]} />
        ))}
      </Tabs>
      {inquiries.isError && (
        <RetryAlert onRetry={() => void inquiries.refetch()} sx={{ mb: 2 }}>
          問い合わせを取得できませんでした。
        </RetryAlert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="問い合わせ一覧">
          <TableHead>
            <TableRow>
              <TableCell>お名前</TableCell>
              <TableCell>メールアドレス</TableCell>
              <TableCell>状態</TableCell>
              <TableCell>受付日時</TableCell>
              <TableCell>返信期限</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!rows && !inquiries.isError
              ? [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={5}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow
                    key={row.id}
                    data-testid="inquiry-row"
                    data-overdue={row.overdue ? 'true' : undefined}
                    sx={row.overdue ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}
                  >
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/admin/inquiries/${encodeURIComponent(row.id)}`}
                        sx={{ fontWeight: 700 }}
                      >
                        {row.name}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{row.email}</TableCell>
                    <TableCell>
                      <InquiryStatusChip status={row.status} />
                    </TableCell>
                    <TableCell>{formatDateTimeJa(row.createdAt)}</TableCell>
                    <TableCell>
                      {row.status === 'new' ? (
                        <Box sx={{ display: 'grid', gap: 0.25 }}>
                          <span>{formatDateTimeJa(row.replyDueAt)}</span>
                          {row.overdue && <OverdueMark />}
                        </Box>
                      ) : (
                        <Typography component="span" variant="body2" color="text.secondary">
                          —
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {status
            ? `「${inquiryStatusJa[status]}」の問い合わせはありません。`
            : '問い合わせはまだありません。'}
        </Typography>
      )}
      {inquiries.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void inquiries.fetchNextPage()} disabled={inquiries.isFetchingNextPage}>
            {inquiries.isFetchingNextPage ? '読み込み中…' : 'さらに表示'}
          </Button>
        </Box>
      )}
    </>
  );
}
