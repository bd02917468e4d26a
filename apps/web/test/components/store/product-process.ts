/**
 * Runs the real product (apps/api/test/harness.ts startProduct, SQLite, emulators) in its own Node process
 * for the store's component tests: happy-dom replaces `fetch` in the test's process, and the server's own
 * clients (panel, Mollie) need Node's. Prints one JSON line: the URL and a verified customer with credits
 * (and a solved captcha to log in with); ends when its stdin closes.
 */
import { captchaToken, grantCredits, registerVerified, startProduct } from '../../../../api/test/harness';

const product = await startProduct('sqlite');
const { session, email, username } = await registerVerified(product);
await grantCredits(product, username, 500);
process.stdout.write(
  `${JSON.stringify({ url: product.url, email, username, password: 'secret123', captcha: await captchaToken(session) })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => void product.close().then(() => process.exit(0)));
