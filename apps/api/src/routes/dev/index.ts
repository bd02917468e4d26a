/**
 * Demo only (never registered in production): GET /api/dev/mail lists the captured mail, newest first
 * (architecture.md, "Contracts the demo must keep").
 */
import type { FastifyInstance } from 'fastify';

export default async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/mail', async () => app.ctx.mailer.captured?.() ?? []);
}
