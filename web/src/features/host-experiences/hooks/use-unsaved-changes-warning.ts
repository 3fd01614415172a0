import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_TITLE = '保存されていない変更があります';
export const LEAVE_TEXT = 'このページを離れると、入力した内容は失われます。移動してもよろしいですか？';

/**
 * Asks before a form with unsaved changes is left: the browser's own prompt for a reload or closing the tab
 * (`beforeunload`), and the app's dialog (`LeaveFormDialog`) for in-app navigation: the sidebar, a back link, the
 * browser's Back button (react-router's blocker sees every navigation of the data router).
 */
export function useUnsavedChangesWarning(active: boolean) {
  /** Set just before the form itself navigates away after saving (no question then). */
  const saved = useRef(false);
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
  // Only a move to another page asks: a hash or search change on the same form keeps what was typed.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const leaveAfterSave = useCallback(() => {
    saved.current = true;
  }, []);
  return { blocker, leaveAfterSave };
}
