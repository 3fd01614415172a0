/**
 * The host's experience calls (DESIGN §6, back office): list, read, create, save the changed fields, delete, and the
 * public category list the form's checkboxes show.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostExperienceListItem, HostExperienceView } from '@domain/back-office-views';
import type { Category } from '@domain/entities';
import type { ExperienceFormData } from '@domain/schemas/experience-form';
import type { ExperiencePatch } from '@domain/schemas/host-api';
import { useApi } from '../../../app/api';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';

export const experiencesKey = [...HOST_QUERY_ROOT, 'experiences'] as const;
export const experienceKey = (id: string) => [...HOST_QUERY_ROOT, 'experience', id] as const;

export function useHostExperiences() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: experiencesKey,
    queryFn: async ({ signal }) =>
      (await api<{ items: HostExperienceListItem[] }>('/host/experiences', { signal })).items,
    retry: retryUnlessClientError,
  });
}

export function useHostExperience(id: string) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: experienceKey(id),
    queryFn: ({ signal }) =>
      api<HostExperienceView>(`/host/experiences/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnlessClientError,
    // The edit form keeps what it loaded; a background refetch must not move the ground under the host's edits.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useCreateExperience() {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExperienceFormData) =>
      api<HostExperienceView>('/host/experiences', { method: 'POST', body }),
    onSuccess: (created) => {
      queryClient.setQueryData(experienceKey(created.id), created);
      void queryClient.invalidateQueries({ queryKey: experiencesKey });
    },
  });
}

export function useSaveExperience(id: string) {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ExperiencePatch) =>
      api<HostExperienceView>(`/host/experiences/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(experienceKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: experiencesKey });
    },
  });
}

/** `POST /api/host/experiences/{id}/duplicate`: a private copy with its own photos, then listed first. */
export function useDuplicateExperience() {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<HostExperienceView>(`/host/experiences/${encodeURIComponent(id)}/duplicate`, { method: 'POST' }),
    onSuccess: (copy) => {
      queryClient.setQueryData(experienceKey(copy.id), copy);
      void queryClient.invalidateQueries({ queryKey: experiencesKey });
    },
  });
}

export function useDeleteExperience() {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/host/experiences/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<HostExperienceListItem[]>(experiencesKey, (items) =>
        items?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: experienceKey(id) });
    },
  });
}

/** Active categories (public route, ordered by name): the form's checkboxes. */
export function useCategoryOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['categories'],
    queryFn: async ({ signal }) =>
      (await api<{ items: Pick<Category, 'id' | 'name'>[] }>('/categories', { signal })).items,
    staleTime: 10 * 60_000,
  });
}
