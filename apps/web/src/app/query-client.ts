import { QueryClient } from '@tanstack/react-query';
import { retryDelay, retryUpTo } from '../lib/retry.ts';

/** Spec 9: 3 retries with exponential backoff from 1 s to 30 s; none on 401/403/404. */
export function createQueryClient(options: { retryDelay?: (attempt: number) => number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUpTo(3),
        retryDelay: options.retryDelay ?? retryDelay,
      },
      mutations: { retry: false },
    },
  });
}
