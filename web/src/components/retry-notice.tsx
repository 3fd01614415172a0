import { lazy, Suspense } from 'react';
import { useRetryingReads } from '../lib/use-retrying-reads';

const RetryNoticeView = lazy(() => import('./retry-notice-view'));

export const GUEST_RETRY_MESSAGE = 'We’re having a moment — trying again…';
export const BACK_OFFICE_RETRY_MESSAGE = 'ただいま接続が不安定です。自動で再試行しています…';

/**
 * A quiet note at the bottom of the screen while the page's data is asked for again after a 503 or a lost
 * connection (DESIGN §4f); it goes away by itself when the answer arrives, or when the page shows its own error
 * after the last try.
 */
export function RetryNotice({ message }: { message: string }) {
  if (!useRetryingReads()) return null;
  return (
    <Suspense fallback={null}>
      <RetryNoticeView message={message} />
    </Suspense>
  );
}
