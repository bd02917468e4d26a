import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { seedServerData } from './server-data';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change on retry; network and server errors get one more try.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});

seedServerData(queryClient);
