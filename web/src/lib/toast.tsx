import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
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
  /**
   * The toast explains the page the app is moving to (e.g. "no longer available", then back to the experience): it
   * survives that one page change. Every other toast belongs to the page that raised it.
   */
  carryToNextPage?: boolean;
}

interface ToastState extends Required<Omit<ToastOptions, 'title' | 'carryToNextPage'>> {
  title: string | undefined;
  /** Page changes the toast still survives (1 for `carryToNextPage`, else 0). */
  pageChangesLeft: number;
  /** A new key per toast, so a toast replacing another restarts its timer and its announcement. */
  key: number;
}

type ShowToast = (options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);
/** Told by the layout when the guest reaches another page. */
const PageChangeContext = createContext<() => void>(() => {});

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
      pageChangesLeft: options.carryToNextPage ? 1 : 0,
      key: Date.now() + Math.random(),
    });
    setOpen(true);
  }, []);

  // A toast belongs to the page that raised it: the next page removes it (at once, not with an exit animation
  // that would still show it there), unless it was raised to explain that very move.
  const pageChanged = useCallback(
    () =>
      setToast((current) =>
        current && current.pageChangesLeft > 0
          ? { ...current, pageChangesLeft: current.pageChangesLeft - 1 }
          : null,
      ),
    [],
  );

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <PageChangeContext.Provider value={pageChanged}>{children}</PageChangeContext.Provider>
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

/** Called by the app's layout with the current path: each change of page ends the toasts of the page before. */
export function useToastPageScope(pathname: string): void {
  const pageChanged = useContext(PageChangeContext);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    pageChanged();
  }, [pathname, pageChanged]);
}
