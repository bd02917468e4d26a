/**
 * The real product for the staff popups' tests: started with the API's own harness (a fresh SQLite
 * database, the demo catalogue), a master and an admin logged in, and happy-dom's page pointed at it with
 * the master's session cookies, so the popups' calls go through the real api-client to the real routes.
 */

import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import {
  type Product,
  registerStaff,
  registerVerified,
  type Session,
  uniqueName,
} from '../../../../api/test/harness';
import { happyDOM } from '../happy-dom';
import { startProductInPage } from '../page';

export interface StaffProduct {
  product: Product;
  /** the master's own HTTP session (to read what a popup changed) */
  master: Session;
  masterId: number;
  masterName: string;
  /** a customer registered before the master */
  customerName: string;
}

/**
 * Starts the product with a customer and a master and logs the page in as the master: its cookies go into
 * happy-dom's jar for the product's origin (same origin, as the app's relative fetches need; the Origin
 * check sees our own origin).
 */
export async function startStaffProduct(): Promise<StaffProduct> {
  // The harness's own requests then come from the product's origin too (its Origin check).
  const product = await startProductInPage();
  // happy-dom keeps each registration's session cookies for the page: the master registers last.
  const customer = await registerVerified(product, uniqueName('cust'));
  const master = await registerStaff(product, 'master');
  const me = await master.session.get<{ id: number }>('/api/auth/me');
  return {
    product,
    master: master.session,
    masterId: me.body.id,
    masterName: master.username,
    customerName: customer.username,
  };
}

/** Points the page at the product, logged in as `session` (call before each render: cookies are cleared). */
export function openAs(product: Product, session: Session): void {
  happyDOM().setURL(`${product.url}/dashboard`);
  // biome-ignore lint/suspicious/noDocumentCookie: a test puts a session into happy-dom's jar
  for (const pair of session.cookieHeader().split('; ')) if (pair) document.cookie = `${pair}; Path=/`;
}

/**
 * The hooks of a staff popup's test file: one product for the file (startStaffProduct), the page opened
 * as the master before each test, and only Date faked (the throttle reads Date.now; React, Mantine and
 * the fetches keep real timers). A file's own beforeAll registered after this call runs once it is up.
 * @returns the file's product (valid once its beforeAll has run)
 */
export function staffPopupHooks(): () => StaffProduct {
  let staff: StaffProduct | undefined;
  beforeAll(async () => {
    staff = await startStaffProduct();
  });
  afterAll(async () => staff?.product.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    if (staff) openAs(staff.product, staff.master);
  });
  afterEach(() => vi.useRealTimers());
  return () => {
    if (!staff) throw new Error('the staff product is not started yet');
    return staff;
  };
}
