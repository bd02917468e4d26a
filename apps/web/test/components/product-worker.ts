/**
 * Runs the real product (apps/api/test/harness.ts) in a worker thread for component tests: happy-dom
 * replaces the test's global fetch, and the product's own clients (panel, Mollie) need Node's.
 * Messages in: `{ kind: 'customer', credits?: number, hourlyServer?: string, addon?: boolean }` and
 * `'close'`.
 * Messages out: `{ url }` once started, then one answer per message.
 */
import { parentPort } from 'node:worker_threads';
import { grantCredits, orderByCredits, registerVerified, startProduct } from '../../../api/test/harness';

const port = parentPort;
if (!port) throw new Error('product-worker runs as a worker thread');
const product = await startProduct('sqlite');
port.postMessage({ url: product.url });

type Message = { kind: string; credits?: number; hourlyServer?: string; addon?: boolean };
port.on('message', async (message: Message | 'close') => {
  if (message === 'close') {
    await product.close();
    port.postMessage({ closed: true });
    return;
  }
  try {
    const { session, email, username } = await registerVerified(product);
    let userPackageId: number | undefined;
    if (message.credits) await grantCredits(product, username, message.credits);
    if (message.hourlyServer) {
      await grantCredits(product, username, 5_000);
      userPackageId = await orderByCredits(session, message.hourlyServer);
      if (message.addon) {
        const offers = (await session.get(`/api/private/addons/available-for-change?id=${userPackageId}`))
          .body;
        const bought = await session.post('/api/private/addons/buy-addon', {
          addonId: offers[0].id,
          userPackageId,
        });
        if (bought.status !== 200) throw new Error(`add-on refused: ${bought.status}`);
      }
    }
    const servers = userPackageId ? (await session.get('/api/private/servers/owned-servers')).body : [];
    port.postMessage({
      email,
      username,
      password: 'secret123',
      cookies: session.cookieHeader(),
      servers,
      userPackageId,
    });
  } catch (error) {
    port.postMessage({ error: String(error) });
  }
});
