/**
 * /api/auth password reset (product.md "Authentication calls": reset-password, resend-reset-password,
 * verify-reset-password, update-password; 8 "Resend reset", "Reset"; identity/password-resets.ts). Every
 * route is rate limited; the three that send mail check the captcha first.
 */
import {
  okBody,
  resetPasswordBody,
  resetTokenBody,
  updateResetPasswordBody,
} from '@falkenhost/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completePasswordReset,
  requestPasswordReset,
  resendPasswordReset,
  verifyPasswordReset,
} from '../../../identity/password-resets';

export default async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const limit = () => ({ rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' } });
  const ok = { ok: true as const };

  app.post(
    '/reset-password',
    { config: limit(), schema: { body: resetPasswordBody, response: { 200: okBody } } },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, {
        token: request.body.captchaToken,
        ip: request.ip,
      });
      return ok;
    },
  );

  app.post(
    '/resend-reset-password',
    { config: limit(), schema: { body: resetPasswordBody, response: { 200: okBody } } },
    async (request) => {
      await resendPasswordReset(ctx, request.body.email, {
        token: request.body.captchaToken,
        ip: request.ip,
      });
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
      const { token, password, captchaToken } = request.body;
      await completePasswordReset(ctx, token, password, { token: captchaToken, ip: request.ip });
      return ok;
    },
  );
}
