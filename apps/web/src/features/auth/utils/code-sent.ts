/**
 * When a code was last mailed, per code type, kept for the browser session so the resend countdown
 * (120 s, product.md "Validation rules") survives a reload. Best effort: the server enforces the interval
 * (429 too-soon).
 */
import { CODE_RESEND_SECONDS } from '@falkenhost/contracts/constants';
import type { CodeType } from '../api/auth';

const key = (type: CodeType) => `falkenhost.codeSent.${type}`;

export function markCodeSent(type: CodeType, at: number = Date.now()): void {
  sessionStorage.setItem(key(type), String(at));
}

/** Epoch ms when a resend is allowed again, or null when it is allowed now. */
export function resendAllowedAt(type: CodeType): number | null {
  const sent = Number(sessionStorage.getItem(key(type)));
  if (!sent) return null;
  const at = sent + CODE_RESEND_SECONDS * 1_000;
  return at > Date.now() ? at : null;
}
