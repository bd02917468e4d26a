/**
 * The guard reads the session at once on SQLite (firstRowNow) only outside transactions: a request that
 * arrives while one is open never answers what that transaction wrote and then rolled back.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES, registerVerified, startProduct } from '../harness';

describe.each(DATABASES)('the session read during a transaction on %s', (kind) => {
  it('never answers what the transaction wrote and then rolled back', async () => {
    const product = await startProduct(kind);
    try {
      const { session, username } = await registerVerified(product);
      // The token is known from now on, so the guard's next read is the one that may run at once.
      expect((await session.get('/api/private/credits')).body).toEqual({ credits: 0 });
      const { db } = product.server.ctx;
      let answer: Promise<{ status: number; body: unknown }> | undefined;
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ credits: 999 * 10_000 })
            .where('username', '=', username)
            .execute();
          // The request reaches the server (and its guard, in the same turn) while the transaction is open.
          const arrived = new Promise((resolve) =>
            product.server.app.server.once('request', () => setImmediate(resolve)),
          );
          answer = session.get('/api/private/credits');
          await arrived;
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const after = await answer!;
      expect(after.status).toBe(200);
      expect(after.body).toEqual({ credits: 0 });
      expect((await session.get('/api/private/credits')).body).toEqual({ credits: 0 });
    } finally {
      await product.close();
    }
  });
});
