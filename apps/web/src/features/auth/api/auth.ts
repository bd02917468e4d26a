/** /api/auth calls of the auth screens (spec 7 "Authentication"). */
import type { LoginBody, RegisterBody, SessionUser } from '@falkenhost/contracts/auth';
import { api } from '@/lib/api-client';

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
