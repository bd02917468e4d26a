/**
 * The demo mailbox (demo.md "Contracts the demo must keep"): GET /api/dev/mail lists captured
 * mails newest first; it exists only in the demo, so a 200 answer is what tells the client it is the demo.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client';

/** A captured mail's attachment: `size` in bytes, `url` downloads it (same origin). */
export interface DevMailAttachment {
  filename: string;
  contentType: string;
  size: number;
  url: string;
}

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  attachments: DevMailAttachment[];
}

export const devMailKey = ['dev-mail'] as const;

export async function fetchDevMail(): Promise<DevMail[]> {
  return unwrap(await api.get<DevMail[]>('/api/dev/mail', { refresh: false }));
}

/** true when the API is the demo (GET /api/dev/mail answers 200). */
export function useIsDemo(): boolean {
  const { data } = useQuery({ queryKey: devMailKey, queryFn: fetchDevMail, staleTime: 60_000, retry: false });
  return Array.isArray(data);
}
