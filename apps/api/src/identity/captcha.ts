/** Captcha on login, register and password reset: ALTCHA or Turnstile (docs/decisions/023-captcha.md). */

import type { CaptchaProvider } from '@falkenhost/contracts/auth';
import { REASONS } from '@falkenhost/contracts/errors';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import type { Config } from '../platform/config';
import type { Captcha } from '../platform/context';

export type { Captcha };

import { MINUTE_MS } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { sha256 } from './tokens';

const CHALLENGE_TTL_MS = 10 * MINUTE_MS;

export interface CaptchaOptions {
  provider: 'altcha' | 'turnstile';
  secret: string;
  cost: number;
  turnstileSecretKey?: string;
  db: Kysely<Database>;
  now: () => number;
  fetch?: typeof fetch;
}

export function createCaptcha(options: CaptchaOptions): Captcha {
  const { db, now } = options;
  const keySecret = sha256(`key:${options.secret}`);

  async function challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(Math.floor(options.cost / 2), options.cost),
      deriveKey,
      hmacSignatureSecret: options.secret,
      hmacKeySignatureSecret: keySecret,
      // Wall-clock time: the widget fails a date far ahead (docs/decisions/023-captcha.md).
      expiresAt: Math.floor((Date.now() + CHALLENGE_TTL_MS) / 1000),
    });
  }

  async function verifyAltcha(token: string): Promise<boolean> {
    let payload: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
    try {
      payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    const { challenge: ch, solution } = payload;
    if (!ch?.parameters || !ch.signature || !solution || typeof solution.counter !== 'number') return false;
    const result = await verifySolution({
      challenge: ch,
      solution,
      deriveKey,
      hmacSignatureSecret: options.secret,
      hmacKeySignatureSecret: keySecret,
    }).catch(() => null);
    if (!result?.verified) return false;
    const t = now();
    await db.deleteFrom('used_captchas').where('expires_at', '<', t).execute();
    try {
      await db
        .insertInto('used_captchas')
        .values({ challenge_hash: sha256(ch.signature), expires_at: t + CHALLENGE_TTL_MS })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async function verifyTurnstile(token: string, remoteIp?: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: options.turnstileSecretKey ?? '', response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const res = await (options.fetch ?? fetch)(
        'https://challenges.cloudflare.com/turnstile/v0/siteverify',
        {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(10_000),
        },
      );
      const data = (await res.json()) as { success?: boolean };
      return data.success === true;
    } catch {
      return false;
    }
  }

  return {
    challenge,
    verify: (token, remoteIp) =>
      options.provider === 'turnstile' ? verifyTurnstile(token, remoteIp) : verifyAltcha(token),
  };
}

export interface CaptchaAnswer {
  token: string;
  ip: string;
}

/** Checks the captcha of a register, login or password reset. @throws AppError 400 captcha */
export async function assertCaptcha(captcha: Captcha, answer: CaptchaAnswer): Promise<void> {
  if (!(await captcha.verify(answer.token, answer.ip))) throw new AppError(400, REASONS.captcha);
}

/** GET captcha-provider: the widget the client shows; Turnstile only with its site key configured. */
export function captchaProviderOf(config: Pick<Config, 'captcha'>): CaptchaProvider {
  const { provider, turnstileSiteKey } = config.captcha;
  return provider === 'turnstile' && turnstileSiteKey
    ? { provider, siteKey: turnstileSiteKey }
    : { provider: 'altcha' as const };
}
