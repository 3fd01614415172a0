import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A client-side redirect that replaces the history entry, as `<Navigate replace>` does. The back office uses this
 * instead: react-router lives in the guest shell's chunk, and every further export used from it would stay there.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
