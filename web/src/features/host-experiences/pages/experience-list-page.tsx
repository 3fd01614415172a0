/**
 * The host's experience list (back-office spec §2): title and subtitle, a create button, and a table with a
 * checkbox column, the experience (thumbnail and title), its publication badge, price, creation date and a row menu
 * with delete (behind the confirmation dialog). A row opens the experience's edit screen.
 */
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { HostExperienceListItem } from '@domain/back-office-views';
import { PageHeader } from '../../../components/back-office/page-header';
import { PublicationChip } from '../../../components/back-office/status-chips';
import { ApiError } from '../../../lib/api-client';
import { formatDayOfInstantJa, formatYen } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useDeleteExperience, useDuplicateExperience, useHostExperiences } from '../api/experiences';
import { DELETE_BLOCKED, DeleteExperienceDialog } from '../components/delete-experience-dialog';
import { RetryAlert } from '../../../components/back-office/retry-alert';

export const DELETED_TOAST = '体験を削除しました';
export const DUPLICATED_TOAST = '体験を複製しました。非公開のコピーを編集できます。';
const DUPLICATE_FAILED = '体験を複製できませんでした。もう一度お試しください。';
const DELETE_FAILED = '体験の削除に失敗しました。もう一度お試しください。';

interface RowMenu {
  anchor: HTMLElement;
  item: HostExperienceListItem;
}

export function ExperienceListPage() {
  useBackOfficePageMeta('体験一覧');
  const navigate = useNavigate();
  const toast = useToast();
  const experiences = useHostExperiences();
  const remove = useDeleteExperience();
  const duplicate = useDuplicateExperience();
  /** Copies the experience (private, with its photos) and opens the copy to edit. */
  /** One duplicate or delete request at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const duplicateItem = (item: HostExperienceListItem) =>
    flight.run(async () => {
      try {
        const copy = await duplicate.mutateAsync(item.id);
        toast({ severity: 'success', message: DUPLICATED_TOAST });
        navigate(`/host/experience/${encodeURIComponent(copy.id)}`);
      } catch {
        toast({ severity: 'error', title: 'エラー', message: DUPLICATE_FAILED });
      }
    });
  const [selected, setSelected] = useState<string[]>([]);
  const [menu, setMenu] = useState<RowMenu | null>(null);
  const [toDelete, setToDelete] = useState<HostExperienceListItem[] | null>(null);
  const [deleteError, setDeleteError] = useState<{ message: string; blocked: boolean; id: string } | null>(
    null,
  );

  const items = experiences.data ?? [];
  const allSelected = items.length > 0 && selected.length === items.length;

  const openMenu = (event: MouseEvent<HTMLElement>, item: HostExperienceListItem) => {
    event.stopPropagation();
    setMenu({ anchor: event.currentTarget, item });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleteError(null);
    for (const item of toDelete) {
      try {
        await remove.mutateAsync(item.id);
        setSelected((ids) => ids.filter((id) => id !== item.id));
      } catch (e) {
        const blocked = e instanceof ApiError && e.status === 409;
        setDeleteError({
          blocked,
          id: item.id,
          message: blocked ? `「${item.title}」: ${DELETE_BLOCKED}` : DELETE_FAILED,
        });
        // What was deleted before stays deleted; the dialog now shows only what is left.
        setToDelete((list) => list?.slice(list.indexOf(item)) ?? null);
        return;
      }
    }
    toast({ severity: 'success', message: DELETED_TOAST });
    setToDelete(null);
  };

  return (
    <>
      <PageHeader
        title="体験一覧"
        subtitle="現在提供している体験の一覧です"
        actions={
          <Button
            component={RouterLink}
            to="/host/experience/create"
            variant="contained"
            startIcon={<AddIcon />}
          >
            新しい体験を作成
          </Button>
        }
      />
      {experiences.isError && (
        <RetryAlert onRetry={() => void experiences.refetch()} sx={{ mb: 2 }}>
          体験の一覧を取得できませんでした。
        </RetryAlert>
      )}
      {selected.length > 0 && (
        <Paper
          variant="outlined"
          sx={{
            px: 2,
            py: 1,
            mb: 1.5,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            bgcolor: 'action.hover',
          }}
        >
          <Typography sx={{ flex: 1 }}>{selected.length} 件を選択中</Typography>
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => {
              setDeleteError(null);
              setToDelete(items.filter((item) => selected.includes(item.id)));
            }}
          >
            選択した体験を削除
          </Button>
        </Paper>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="体験一覧" sx={{ minWidth: { sm: 640 } }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                <Checkbox
                  checked={allSelected}
                  indeterminate={selected.length > 0 && !allSelected}
                  onChange={() => setSelected(allSelected ? [] : items.map((item) => item.id))}
                  slotProps={{ input: { 'aria-label': 'すべて選択' } }}
                  disabled={items.length === 0}
                />
              </TableCell>
              <TableCell>体験</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                公開状態
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                料金
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>作成日</TableCell>
              <TableCell padding="checkbox" aria-label="操作" />
            </TableRow>
          </TableHead>
          <TableBody>
            {experiences.isPending &&
              [0, 1, 2].map((i) => (
                <TableRow key={i}>
                  <TableCell colSpan={6}>
                    <Skeleton height={48} />
                  </TableCell>
                </TableRow>
              ))}
            {experiences.isSuccess && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} sx={{ py: 6, textAlign: 'center' }}>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    まだ体験が登録されていません。
                  </Typography>
                  <Button component={RouterLink} to="/host/experience/create" variant="outlined">
                    最初の体験を作成する
                  </Button>
                </TableCell>
              </TableRow>
            )}
            {items.map((item) => {
              const checked = selected.includes(item.id);
              return (
                <TableRow
                  key={item.id}
                  hover
                  selected={checked}
                  onClick={() => navigate(`/host/experience/${encodeURIComponent(item.id)}`)}
                  sx={{ cursor: 'pointer' }}
                  data-testid="experience-row"
                >
                  <TableCell padding="checkbox" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <Checkbox
                      checked={checked}
                      onClick={(e) => e.stopPropagation()}
                      onChange={() =>
                        setSelected((ids) =>
                          checked ? ids.filter((id) => id !== item.id) : [...ids, item.id],
                        )
                      }
                      slotProps={{ input: { 'aria-label': `${item.title} を選択` } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                      <Box
                        component="img"
                        src={item.image}
                        alt=""
                        loading="lazy"
                        sx={{
                          width: { xs: 56, sm: 64 },
                          height: { xs: 42, sm: 48 },
                          objectFit: 'cover',
                          borderRadius: 1,
                          flexShrink: 0,
                        }}
                      />
                      <Box sx={{ minWidth: 0 }}>
                        <Typography
                          component={RouterLink}
                          to={`/host/experience/${encodeURIComponent(item.id)}`}
                          onClick={(e) => e.stopPropagation()}
                          sx={{
                            color: 'inherit',
                            textDecoration: 'none',
                            fontWeight: 600,
                            '&:hover': { textDecoration: 'underline' },
                          }}
                        >
                          {item.title}
                        </Typography>
                        {/* Phones: status and price under the title instead of in columns of their own. */}
                        <Box
                          sx={{ display: { xs: 'flex', sm: 'none' }, gap: 1, alignItems: 'center', mt: 0.5 }}
                        >
                          <PublicationChip status={item.publicationStatus} />
                          <Typography variant="body2">{formatYen(item.price)}</Typography>
                        </Box>
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <PublicationChip status={item.publicationStatus} />
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}
                  >
                    {formatYen(item.price)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {formatDayOfInstantJa(item.createdAt)}
                  </TableCell>
                  <TableCell padding="checkbox">
                    <IconButton aria-label={`${item.title} の操作`} onClick={(e) => openMenu(e, item)}>
                      <MoreVertIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            if (menu) navigate(`/host/experience/${encodeURIComponent(menu.item.id)}`);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          編集
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) navigate(`/host/bookings?experienceId=${encodeURIComponent(menu.item.id)}`);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <EventNoteOutlinedIcon fontSize="small" />
          </ListItemIcon>
          予約を見る
        </MenuItem>
        <MenuItem
          disabled={flight.pending || duplicate.isPending}
          onClick={() => {
            if (menu) void duplicateItem(menu.item);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <ContentCopyOutlinedIcon fontSize="small" />
          </ListItemIcon>
          複製（非公開のコピーを作成）
        </MenuItem>
        {menu?.item.publicationStatus === 'public' && (
          <MenuItem
            component="a"
            href={`/experience/${encodeURIComponent(menu.item.id)}`}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setMenu(null)}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            公開ページを見る
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setDeleteError(null);
            if (menu) setToDelete([menu.item]);
            setMenu(null);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" color="error" />
          </ListItemIcon>
          削除
        </MenuItem>
      </Menu>

      <DeleteExperienceDialog
        open={toDelete !== null}
        titles={toDelete?.map((item) => item.title) ?? []}
        deleting={flight.pending || remove.isPending}
        error={deleteError}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void flight.run(confirmDelete)}
        onUnpublish={
          deleteError?.blocked
            ? () => navigate(`/host/experience/${encodeURIComponent(deleteError.id)}#publication`)
            : undefined
        }
      />
    </>
  );
}
