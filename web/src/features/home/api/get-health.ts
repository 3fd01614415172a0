import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/api';

export interface Health {
  status: 'ok';
  stage: string;
  time: string;
  dynamodb: 'ok';
}

export function useHealth() {
  const api = useApi();
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => api<Health>('/health', { signal }),
    retry: 1,
  });
}
