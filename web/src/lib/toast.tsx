import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  message: string;
  title?: string;
  severity?: ToastSeverity;
  /** How long the toast stays; guest spec §4: some messages last 5 s. */
  durationMs?: number;
}

interface ToastState extends Required<Omit<ToastOptions, 'title'>> {
  title: string | undefined;
  /** A new key per toast, so a toast replacing another restarts its timer and its announcement. */
  key: number;
}

type ShowToast = (options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

const DEFAULT_DURATION_MS = 5000;

/**
 * Guest spec §4: at most one toast at a time. A new toast replaces the one on screen rather than queueing behind
 * it: the latest message is the one that describes the page's current state.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<ShowToast>((options) => {
    setToast({
      message: options.message,
      title: options.title,
      severity: options.severity ?? 'info',
      durationMs: options.durationMs ?? DEFAULT_DURATION_MS,
      key: Date.now() + Math.random(),
    });
    setOpen(true);
  }, []);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={toast?.key}
        open={open && toast !== null}
        autoHideDuration={toast?.durationMs ?? DEFAULT_DURATION_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {toast ? (
          <Alert
            severity={toast.severity}
            variant="filled"
            onClose={() => setOpen(false)}
            sx={{ width: '100%', maxWidth: 560 }}
            data-testid="toast"
          >
            {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
            {toast.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}
