/**
 * /api/private/users/me/totp contracts: two-factor login by authenticator app (TOTP, RFC 6238; issue 9),
 * a choice in settings next to the spec's mailed-code 2FA (product.md "Settings", "States and transitions").
 */
import { z } from 'zod';
import { secondFactorBody } from './auth';

/** Number of recovery codes given when TOTP is turned on or the codes are made anew. */
export const RECOVERY_CODE_COUNT = 10;
/** A set-up waits this long for its first code (docs/decisions/027-totp.md). */
export const TOTP_PENDING_MINUTES = 30;

/** GET /: whether TOTP is on and how many unused recovery codes are left (0 when off). */
export const totpState = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TotpState = z.infer<typeof totpState>;

/**
 * POST /setup: the current password, as for a password change (product.md "Error catalogue" ("Settings"): 401
 * invalid-password).
 */
export const totpSetupBody = z.object({ password: z.string().min(1, 'password').max(1_024, 'password') });
export type TotpSetupBody = z.infer<typeof totpSetupBody>;

/** Answer of POST /setup: the pending secret as an otpauth:// URI, a QR code of it and the base32 text. */
export const totpSetupAnswer = z.object({
  uri: z.string(),
  /** `data:image/png;base64,...` */
  qr: z.string(),
  /** base32, for typing into an app that cannot scan */
  secret: z.string(),
});
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>;

/**
 * POST /enable, /disable, /recovery-codes: a code of the app (6 digits) or, for disable and recovery-codes,
 * a recovery code; the same shape as /api/auth/2fa's body.
 */
export const totpCodeBody = secondFactorBody;
export type TotpCodeBody = z.infer<typeof totpCodeBody>;

/** Answer of POST /enable and /recovery-codes: the new recovery codes, shown once (`ABCDE-FGHJK`). */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;
