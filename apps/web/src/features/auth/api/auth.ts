/** /api/auth calls of the auth screens (spec 7 "Authentication"). */
import type { CaptchaProvider, LoginBody, RegisterBody, SessionUser } from '@falkenhost/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export type CodeType = '2fa' | 'verify';

export const login = (body: LoginBody) => api.post<SessionUser>('/api/auth/login', body, { refresh: false });

export const register = (body: RegisterBody) =>
  api.post<SessionUser>('/api/auth/register', body, { refresh: false });

/** POST /api/auth/2fa or /api/auth/verify-email with the mailed code. */
export const submitCode = (type: CodeType, token: string) =>
  api.post<SessionUser>(type === '2fa' ? '/api/auth/2fa' : '/api/auth/verify-email', { token });

/** POST /api/auth/resend-2fa or /api/auth/resend-email-verification (once per 120 s). */
export const resendCode = (type: CodeType) =>
  api.post<{ ok: true }>(type === '2fa' ? '/api/auth/resend-2fa' : '/api/auth/resend-email-verification', {});

/** Which captcha the forms show: ALTCHA (default) or Cloudflare Turnstile with its site key. */
export function useCaptchaProvider() {
  return useQuery({
    queryKey: ['auth', 'captcha-provider'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      unwrap(await api.get<CaptchaProvider>('/api/auth/captcha-provider', { refresh: false })),
  });
}
