import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

const ToastView = lazy(() => import('./toast-view'));

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
      {toast && (
        <Suspense fallback={null}>
          <ToastView
            open={open}
            toastKey={toast.key}
            message={toast.message}
            title={toast.title}
            severity={toast.severity}
            durationMs={toast.durationMs}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}
