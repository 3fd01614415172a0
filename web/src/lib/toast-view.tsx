/**
 * The toast's markup (MUI Snackbar + Alert), split from `toast.tsx` so the shell does not ship it: it loads the
 * first time a page shows a toast.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import type { ToastSeverity } from './toast';

export interface ToastViewProps {
  open: boolean;
  toastKey: number;
  message: string;
  title: string | undefined;
  severity: ToastSeverity;
  durationMs: number;
  onClose: () => void;
}

export default function ToastView({
  open,
  toastKey,
  message,
  title,
  severity,
  durationMs,
  onClose,
}: ToastViewProps) {
  return (
    <Snackbar
      key={toastKey}
      open={open}
      autoHideDuration={durationMs}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={severity}
        variant="filled"
        onClose={onClose}
        sx={{ width: '100%', maxWidth: 560 }}
        data-testid="toast"
      >
        {title && <AlertTitle>{title}</AlertTitle>}
        {message}
      </Alert>
    </Snackbar>
  );
}
