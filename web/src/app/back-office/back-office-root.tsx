/**
 * What both back-office areas mount at their root: MUI's texts and the document language in Japanese, and the
 * session of the area's own Cognito pool. And the `…/auth` path the specification also names for sign-in.
 */
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { Redirect } from '../../components/back-office/redirect';
import { createAmplifyAuthClient } from '../../lib/back-office-auth/amplify-auth-client';
import type { AuthClient, BackOfficePool } from '../../lib/back-office-auth/auth-client';
import { BackOfficeAuthProvider } from '../../lib/back-office-auth/back-office-auth';
import type { AppConfig } from '../../lib/config';
import { useAppConfig } from '../config-context';
import { backOfficeTheme, useDocumentLanguage } from './back-office-theme';

/** Replaces the Amplify client (component tests pass an in-memory pool). */
export type MakeAuthClient = (config: AppConfig) => AuthClient;

export function BackOfficeRoot({
  pool,
  signInPath,
  homePath,
  makeClient,
}: {
  pool: BackOfficePool;
  signInPath: string;
  homePath: string;
  makeClient?: MakeAuthClient;
}) {
  const config = useAppConfig();
  // One client per mounted area.
  const [client] = useState(() =>
    (makeClient ?? ((c: AppConfig) => createAmplifyAuthClient(c, pool)))(config),
  );
  useDocumentLanguage('ja');
  return (
    <ThemeProvider theme={backOfficeTheme}>
      <BackOfficeAuthProvider client={client} signInPath={signInPath} homePath={homePath}>
        <Outlet />
      </BackOfficeAuthProvider>
    </ThemeProvider>
  );
}

/** `/host/auth` and `/admin/auth` lead to the area's sign-in, keeping the return path. */
export function ToSignIn({ signInPath }: { signInPath: string }) {
  const { search } = useLocation();
  return <Redirect to={`${signInPath}${search}`} />;
}
