/**
 * The demo's staff webhook (docs/decisions/191-staff-webhook.md): GET /api/dev/staff-webhook lists the
 * staff notifications the demo posted to itself, newest first; it exists only in the demo (404).
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** One notification as the webhook received it: its English `content`, `receivedAt` ISO 8601. */
export interface DevStaffNotification {
  id: number;
  content: string;
  receivedAt: string;
}

export const devStaffNotificationsKey = ['dev-staff-notifications'] as const;

/** The received notifications, read again every 5 s like the mail. */
export function useDevStaffNotifications() {
  return useQuery({
    queryKey: devStaffNotificationsKey,
    queryFn: async () =>
      unwrap(await api.get<DevStaffNotification[]>('/api/dev/staff-webhook', { refresh: false })),
    refetchInterval: (query) => (query.state.error ? false : 5_000),
    retry: false,
  });
}
