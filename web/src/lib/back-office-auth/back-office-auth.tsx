/**
 * The session of one back-office area (host or admin): who is signed in, sign-in and sign-out, an ID token for the
 * API, and what happens when the session ends (back to the area's sign-in page, and back where the user was going
 * once signed in again). Reusable by both areas: each mounts it with its own `AuthClient` and sign-in path.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../toast';
import type { AuthClient, SignedInUser, SignInOutcome } from './auth-client';
import { SESSION_EXPIRED } from './auth-messages';

export type SessionStatus = 'checking' | 'signedOut' | 'signedIn';

export interface BackOfficeAuth {
  status: SessionStatus;
  user: SignedInUser | null;
  client: AuthClient;
  /** The area's sign-in route, e.g. `/host/signin`. */
  signInPath: string;
  /** The area's home after sign-in, e.g. `/host/dashboard`. */
  homePath: string;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  completeNewPassword(newPassword: string): Promise<SignInOutcome>;
  /** Answers the pool's TOTP step (enrolment or code). */
  confirmTotp(code: string): Promise<SignInOutcome>;
  /** Reads the session again (after a sign-up confirmation signed the user in, for example). */
  refresh(): Promise<SignedInUser | null>;
  signOut(): Promise<void>;
  /** A valid ID token, or null when the session is gone. */
  idToken(): Promise<string | null>;
  /**
   * The API said 401 (or the session could not be renewed): forget the session and go to sign-in, coming back to
   * the current page afterwards.
   */
  sessionExpired(message?: string): void;
}

const AuthContext = createContext<BackOfficeAuth | null>(null);

/** The path to return to after sign-in, if it is one of the area's own pages (never another site). */
export function safeReturnPath(next: string | null, areaPrefix: string): string | null {
  if (!next || !next.startsWith(`${areaPrefix}/`) || next.startsWith('//')) return null;
  return next;
}

/** The sign-in URL that leads back to `returnTo` afterwards. */
export function signInUrl(signInPath: string, returnTo: string | null): string {
  return returnTo ? `${signInPath}?next=${encodeURIComponent(returnTo)}` : signInPath;
}

export function BackOfficeAuthProvider({
  client,
  signInPath,
  homePath,
  children,
}: {
  client: AuthClient;
  signInPath: string;
  homePath: string;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<SessionStatus>('checking');
  const [user, setUser] = useState<SignedInUser | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const locationRef = useRef(location);
  locationRef.current = location;

  const refresh = useCallback(async () => {
    const current = await client.currentUser();
    setUser(current);
    setStatus(current ? 'signedIn' : 'signedOut');
    return current;
  }, [client]);

  useEffect(() => {
    let live = true;
    void client.currentUser().then((current) => {
      if (!live) return;
      setUser(current);
      setStatus(current ? 'signedIn' : 'signedOut');
    });
    const stop = client.onSessionEnded(() => {
      setUser(null);
      setStatus('signedOut');
    });
    return () => {
      live = false;
      stop();
    };
  }, [client]);

  /** Another user's data must never show after a sign-out: drop every cached back-office answer. */
  const forgetData = useCallback(() => {
    queryClient.removeQueries({ queryKey: ['back-office'] });
  }, [queryClient]);

  /** A sign-in step's outcome; once it is done, the new session replaces whatever was cached. */
  const settle = useCallback(
    async (result: SignInOutcome) => {
      if (result.step === 'done') {
        forgetData();
        await refresh();
      }
      return result;
    },
    [refresh, forgetData],
  );

  const signIn = useCallback(
    async (email: string, password: string) => settle(await client.signIn(email, password)),
    [client, settle],
  );
  const completeNewPassword = useCallback(
    async (newPassword: string) => settle(await client.completeNewPassword(newPassword)),
    [client, settle],
  );
  const confirmTotp = useCallback(
    async (code: string) => settle(await client.confirmTotp(code)),
    [client, settle],
  );

  const signOut = useCallback(async () => {
    try {
      await client.signOut();
    } finally {
      forgetData();
      setUser(null);
      setStatus('signedOut');
    }
  }, [client, forgetData]);

  const expiring = useRef(false);
  const sessionExpired = useCallback(
    (message: string = SESSION_EXPIRED) => {
      // Several requests fail at once when a session ends: one redirect and one toast.
      if (expiring.current) return;
      expiring.current = true;
      const { pathname, search } = locationRef.current;
      void client
        .signOut()
        .catch(() => {})
        .finally(() => {
          forgetData();
          setUser(null);
          setStatus('signedOut');
          toast({ severity: 'warning', message });
          navigate(signInUrl(signInPath, pathname === signInPath ? null : `${pathname}${search}`), {
            replace: true,
          });
          expiring.current = false;
        });
    },
    [client, forgetData, navigate, signInPath, toast],
  );

  const value = useMemo<BackOfficeAuth>(
    () => ({
      status,
      user,
      client,
      signInPath,
      homePath,
      signIn,
      completeNewPassword,
      confirmTotp,
      refresh,
      signOut,
      idToken: () => client.idToken(),
      sessionExpired,
    }),
    [
      status,
      user,
      client,
      signInPath,
      homePath,
      signIn,
      completeNewPassword,
      confirmTotp,
      refresh,
      signOut,
      sessionExpired,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useBackOfficeAuth(): BackOfficeAuth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useBackOfficeAuth outside BackOfficeAuthProvider');
  return auth;
}
