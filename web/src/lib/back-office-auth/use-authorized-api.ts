import { useMemo } from 'react';
import { useApi } from '../../app/api';
import { ApiError, type ApiClient } from '../api-client';
import { useBackOfficeAuth } from './back-office-auth';

/**
 * The API client of a back-office area: every request carries the session's ID token (`Authorization: Bearer`), and a
 * 401 (or a session that can no longer be renewed) sends the user to sign-in and back here afterwards.
 */
export function useAuthorizedApi(): ApiClient {
  const api = useApi();
  const { idToken, sessionExpired } = useBackOfficeAuth();
  return useMemo(() => {
    const request = async <T>(path: string, options: Parameters<ApiClient>[1] = {}): Promise<T> => {
      const token = await idToken();
      if (!token) {
        sessionExpired();
        throw new ApiError(401, 'unauthorized', 'Not authenticated');
      }
      try {
        return await api<T>(path, { ...options, token });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) sessionExpired();
        throw e;
      }
    };
    return request as ApiClient;
  }, [api, idToken, sessionExpired]);
}

/**
 * React Query's retry rule for back-office requests: a 4xx answer will not change by asking again (and a 401 has
 * already sent the user to sign-in); network failures and 5xx get two more tries.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
