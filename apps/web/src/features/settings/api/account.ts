/**
 * The account calls of the settings section (product.md "Account calls"): GET /api/private/users/me and the
 * PUT calls under it. Each PUT answers rather than throws (api-client); the screens map failures with
 * utils/errors.ts.
 */
import type {
  AccountProfile,
  UpdatePasswordBody,
  UpdateUserAnswer,
  UpdateUserBody,
  UpdateUserExecuteAnswer,
} from '@falkenhost/contracts/account';
import { REASONS } from '@falkenhost/contracts/errors';
import { useQuery } from '@tanstack/react-query';
import { type ApiResult, api, unwrap } from '@/lib/api-client';

const BASE = '/api/private/users/me';

/** The profile's query key; the toggles write their optimistic and confirmed state into it. */
export const profileKey = ['account', 'me'] as const;

/**
 * GET me: username, e-mail, role, 2FA, newsletter, member since (product.md "Entities and fields"
 * ("User (me)")).
 */
export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: async () => unwrap(await api.get<AccountProfile>(BASE)),
  });
}

/** PUT newsletter {news_subscription}: answers the profile after the change. */
export const setNewsletter = (on: boolean) =>
  api.put<AccountProfile>(`${BASE}/newsletter`, { news_subscription: on });

/** PUT 2fa {two_factor_auth} (two-factor login by mailed code): answers the profile after the change. */
export const setTwoFactor = (on: boolean) => api.put<AccountProfile>(`${BASE}/2fa`, { two_factor_auth: on });

/**
 * PUT update-password. A wrong current password is a 401 too (product.md "Error catalogue"), so this call
 * does not take a 401 for an ended session: only a 401 `unauthenticated` goes the api-client's way (refresh
 * once, retry, or log out).
 */
export async function updatePassword(body: UpdatePasswordBody): Promise<ApiResult<{ ok: true }>> {
  const first = await api.put<{ ok: true }>(`${BASE}/update-password`, body, { refresh: false });
  if (first.status === 401 && first.error?.reason === REASONS.unauthenticated)
    return api.put<{ ok: true }>(`${BASE}/update-password`, body);
  return first;
}

/**
 * PUT update-user: mails the confirmation link; nothing changes yet (product.md "States and transitions").
 */
export const requestUserUpdate = (body: UpdateUserBody) =>
  api.put<UpdateUserAnswer>(`${BASE}/update-user`, body);

/**
 * PUT update-user-execute with the link's token. Works without a login (the token is the proof), so a 401
 * never logs anyone out here.
 */
export const executeUserUpdate = (token: string) =>
  api.put<UpdateUserExecuteAnswer>(`${BASE}/update-user-execute`, { token }, { refresh: false });

/** PUT deactivate (no body); the answer clears the session cookies. */
export const deactivateAccount = () => api.put<{ ok: true }>(`${BASE}/deactivate`);

/** GET export: a JSON file download (same-origin link; the session cookie goes along). */
export const EXPORT_URL = `${BASE}/export`;
