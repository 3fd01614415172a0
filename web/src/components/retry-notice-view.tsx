/** The notice's markup, split from `retry-notice.tsx` so the shell ships it only when a read has to retry. */
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export default function RetryNoticeView({ message }: { message: string }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="info" variant="filled" role="status" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
