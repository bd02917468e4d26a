/**
 * /api/auth password reset (spec 7 "Authentication": reset-password, resend-reset-password,
 * verify-reset-password, update-password; 8 "Resend reset", "Reset"; auth/password-resets.ts). Every
 * route is rate limited; the two that send mail check the captcha first.
 */
import {
  okBody,
  resetPasswordBody,
  resetTokenBody,
  updateResetPasswordBody,
} from '@falkenhost/contracts/auth';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completePasswordReset,
  requestPasswordReset,
  resendPasswordReset,
  verifyPasswordReset,
} from '../../../identity/password-resets';
import { AppError } from '../../../platform/errors';

export default async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const limit = () => ({ rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' } });
  const ok = { ok: true as const };

  async function checkCaptcha(request: FastifyRequest, token: string): Promise<void> {
    if (!(await ctx.captcha.verify(token, request.ip))) throw new AppError(400, REASONS.captcha);
  }

  app.post(
    '/reset-password',
    { config: limit(), schema: { body: resetPasswordBody, response: { 200: okBody } } },
    async (request) => {
      await checkCaptcha(request, request.body.captchaToken);
      await requestPasswordReset(ctx, request.body.email);
      return ok;
    },
  );

  app.post(
    '/resend-reset-password',
    { config: limit(), schema: { body: resetPasswordBody, response: { 200: okBody } } },
    async (request) => {
      await checkCaptcha(request, request.body.captchaToken);
      await resendPasswordReset(ctx, request.body.email);
      return ok;
    },
  );

  app.post(
    '/verify-reset-password',
    { config: limit(), schema: { body: resetTokenBody, response: { 200: okBody } } },
    async (request) => {
      await verifyPasswordReset(ctx, request.body.token);
      return ok;
    },
  );

  app.post(
    '/update-password',
    { config: limit(), schema: { body: updateResetPasswordBody, response: { 200: okBody } } },
    async (request) => {
      await checkCaptcha(request, request.body.captchaToken);
      await completePasswordReset(ctx, request.body.token, request.body.password);
      return ok;
    },
  );
}
