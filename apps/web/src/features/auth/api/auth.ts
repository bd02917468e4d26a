/** /api/auth calls of the auth screens (product.md "Authentication calls"). */
import type { CaptchaProvider, LoginBody, RegisterBody, SessionUser } from '@falkenhost/contracts/auth';
import type { Language } from '@falkenhost/contracts/constants';
import type { CompanyAnswer } from '@falkenhost/contracts/site';
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

/**
 * Which captcha the forms show: ALTCHA (default) or Cloudflare Turnstile with its site key.
 * @param enabled false until the page is used (captcha.tsx)
 */
export function useCaptchaProvider(enabled = true) {
  return useQuery({
    queryKey: ['auth', 'captcha-provider'],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      unwrap(await api.get<CaptchaProvider>('/api/auth/captcha-provider', { refresh: false })),
  });
}

/** POST /api/auth/reset-password: the same 200 whether or not the address has an account. */
export const requestPasswordReset = (body: { email: string; captchaToken: string }) =>
  api.post<{ ok: true }>('/api/auth/reset-password', body, { refresh: false });

/** POST /api/auth/resend-reset-password: 400 too-soon within 120 s, 404 no-token without a request. */
export const resendPasswordReset = (body: { email: string; captchaToken: string }) =>
  api.post<{ ok: true }>('/api/auth/resend-reset-password', body, { refresh: false });

/** POST /api/auth/verify-reset-password: 200 while the link can be used, 400 invalid-token. */
export const verifyPasswordReset = (token: string) =>
  api.post<{ ok: true }>('/api/auth/verify-reset-password', { token }, { refresh: false });

/** POST /api/auth/update-password: sets the new password by the link's token. */
export const updatePasswordByReset = (body: { token: string; password: string; captchaToken: string }) =>
  api.post<{ ok: true }>('/api/auth/update-password', body, { refresh: false });

/**
 * GET /api/public/site/company?lang=: the documents the site offers in `language` (the register form
 * links the general terms and the privacy policy); the same query, and cache entry, as /contact's.
 */
export function useSiteDocuments(language: Language) {
  return useQuery({
    queryKey: ['public', 'site', 'company', language],
    queryFn: async () => unwrap(await api.get<CompanyAnswer>(`/api/public/site/company?lang=${language}`)),
    select: (company) => company.documents,
  });
}
