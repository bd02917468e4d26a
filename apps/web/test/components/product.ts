/**
 * The real product for the customer's component tests: started in a worker thread (product-worker.ts), the
 * page (happy-dom) pointed at it, and a verified customer's session cookies put into the page, so the
 * api-client's relative calls reach the product with the customer logged in (same origin: the Origin
 * check passes). In a worker because happy-dom replaces the test's `fetch`, and the product's own clients
 * (panel, Mollie) need Node's. Tests that reach into the product run it in their own process instead
 * (page.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { happyDOM } from './happy-dom';

export interface Customer {
  email: string;
  username: string;
  password: string;
  /** the Cookie header of the customer's session */
  cookies: string;
  /** the owned servers when an hourly server was ordered */
  servers: OwnedServer[];
  userPackageId?: number;
}

export interface RunningProduct {
  url: string;
  /**
   * Registers and verifies a new customer and logs the page in as them; `credits` are granted to them
   * first; with `hourlyServer` they get 5 000 credits and order an hourly server of that name (and, with
   * `addon`, buy its first add-on).
   */
  customer(options?: { credits?: number; hourlyServer?: string; addon?: boolean }): Promise<Customer>;
  /** Logs the page in as `customer` again (each test starts with an empty cookie jar: setup.ts). */
  logIn(customer: Customer): void;
  close(): Promise<void>;
}

/** Starts the product; call in `beforeAll` (it takes some seconds) and `close` in `afterAll`. */
export async function startProductWorker(): Promise<RunningProduct> {
  const worker = new Worker(join(dirname(fileURLToPath(import.meta.url)), 'product-worker.mjs'));
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const { url } = (await next()) as { url: string };
  const logIn = (customer: Customer) => {
    happyDOM().setURL(`${url}/dashboard`);
    for (const pair of customer.cookies.split('; ')) {
      // biome-ignore lint/suspicious/noDocumentCookie: the customer's session cookies handed to the page
      document.cookie = `${pair}; Path=/`;
    }
  };
  return {
    url,
    async customer(options = {}) {
      const answer = next();
      worker.postMessage({ kind: 'customer', ...options });
      const customer = (await answer) as unknown as Customer & { error?: string };
      if (customer.error) throw new Error(customer.error);
      logIn(customer);
      return customer;
    },
    logIn,
    async close() {
      const answer = next();
      worker.postMessage('close');
      await answer;
      await worker.terminate();
    },
  };
}
