import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useBackOfficePageMeta } from '../../lib/back-office/page-meta';
import { useBackOfficeAuth } from '../../lib/back-office-auth/back-office-auth';

/** An unknown back-office address, inside the shell. */
export function BackOfficeNotFound() {
  useBackOfficePageMeta('ページが見つかりません');
  const { homePath } = useBackOfficeAuth();
  return (
    <Box sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
        ページが見つかりません
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        お探しのページは存在しないか、移動した可能性があります。
      </Typography>
      <Button component={RouterLink} to={homePath} variant="contained">
        ダッシュボードへ戻る
      </Button>
    </Box>
  );
}
