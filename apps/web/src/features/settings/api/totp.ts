/**
 * The authenticator-app (TOTP) calls of the settings section (issue 9): /api/private/users/me/totp.
 * Each POST answers rather than throws (api-client); the card maps failures with utils/totp-errors.ts.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { RecoveryCodesAnswer, TotpSetupAnswer, TotpState } from '@falkenhost/contracts/totp';
import { useQuery } from '@tanstack/react-query';
import { type ApiResult, api, unwrap } from '@/lib/api-client';

const BASE = '/api/private/users/me/totp';

export const totpKey = ['account', 'totp'] as const;

/** GET: whether TOTP is on and how many recovery codes are left. */
export function useTotpState() {
  return useQuery({ queryKey: totpKey, queryFn: async () => unwrap(await api.get<TotpState>(BASE)) });
}

/**
 * POST setup {password}: a new pending secret with its QR code. A wrong password is a 401 too (product.md
 * "Error catalogue"), so only a 401 `unauthenticated` goes the api-client's way (refresh once and retry, or
 * log out).
 */
export async function startTotpSetup(password: string): Promise<ApiResult<TotpSetupAnswer>> {
  const first = await api.post<TotpSetupAnswer>(`${BASE}/setup`, { password }, { refresh: false });
  if (first.status === 401 && first.error?.reason === REASONS.unauthenticated)
    return api.post<TotpSetupAnswer>(`${BASE}/setup`, { password });
  return first;
}

/** POST enable {token}: the app's first code; answers the recovery codes, shown once. */
export const enableTotp = (token: string) => api.post<RecoveryCodesAnswer>(`${BASE}/enable`, { token });

/** POST disable {token}: an app code or a recovery code. */
export const disableTotp = (token: string) => api.post<{ ok: true }>(`${BASE}/disable`, { token });

/** POST recovery-codes {token}: new recovery codes replace the old ones. */
export const regenerateRecoveryCodes = (token: string) =>
  api.post<RecoveryCodesAnswer>(`${BASE}/recovery-codes`, { token });
