import type { RecurringOutcome } from '../state/types';
import { escapeHtml } from './checkout-page';

/** A customer whose recurring payments do not end paid, as listed on the page. */
export interface OutcomeRow {
  customerId: string;
  email: string | null;
  status: RecurringOutcome;
}

const LABELS: Record<RecurringOutcome, string> = { paid: 'Paid', failed: 'Failed' };

/**
 * The setting as it stands, per customer and overall (issue 44: the page said "failed" and, below it, that
 * every customer's payments end paid): the customers set apart, then what every other customer's payments do.
 */
export function currentOutcomes(rows: OutcomeRow[]): string {
  if (rows.length === 0) return '<p id="overall">Every customer\'s recurring payments end paid.</p>';
  const table = `<table>
        <tr><th>Customer</th><th>E-mail</th><th>Next recurring payments</th></tr>
        ${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(r.customerId)}</td><td>${escapeHtml(r.email ?? '')}</td><td>${escapeHtml(LABELS[r.status] ?? r.status)}</td></tr>`,
          )
          .join('\n        ')}
      </table>`;
  const set = rows.length === 1 ? 'One customer is' : `${rows.length} customers are`;
  return `<p id="overall">${set} set apart below; every other customer's recurring payments end paid.</p>
      ${table}`;
}

/**
 * The test-control page `GET /test/recurring-outcome`: a form (e-mail or customer id, status Paid or
 * Failed) that posts JSON to `action` with fetch and shows the answer, and the current setting per customer
 * and overall, which the script reloads after each change so it never contradicts the answer above it.
 * Self-contained (inline style and script, no external files); every value is escaped, and the script
 * writes answers with textContent only (the reloaded setting comes from this same page, parsed).
 * @param action absolute URL of `POST /test/recurring-outcome`
 * @param rows the customers set to something else than paid
 */
export function recurringOutcomePage(action: string, rows: OutcomeRow[]): string {
  const current = currentOutcomes(rows);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Mollie test mode: recurring payment outcome</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; }
      main { max-width: 34rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; }
      label { display: block; margin: .75rem 0 .25rem; }
      input, select { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
      button { margin-top: 1rem; padding: .6rem 1.5rem; background: #0077ff; color: #fff; border: 0; border-radius: 4px; font-size: 1rem; }
      table { border-collapse: collapse; width: 100%; margin-top: .5rem; }
      th, td { text-align: left; padding: .25rem .5rem .25rem 0; border-bottom: 1px solid #e3e5e8; }
      .error { color: #b00020; }
    </style>
  </head>
  <body>
    <main>
      <p>Test mode</p>
      <h1>Recurring payment outcome</h1>
      <p>Choose how the customer's next recurring payments end (subscription renewals and recurring
        charges). The choice stays until it is set back to Paid.</p>
      <form id="outcome" method="post" action="${escapeHtml(action)}">
        <label for="who">E-mail or customer ID (cst_...)</label>
        <input id="who" name="who" required autocomplete="off">
        <label for="status">Next recurring payments</label>
        <select id="status" name="status">
          <option value="paid">Paid</option>
          <option value="failed">Failed</option>
        </select>
        <button type="submit">Apply</button>
      </form>
      <p id="result" role="status"></p>
      <h2>Now</h2>
      <section id="current">
      ${current}
      </section>
    </main>
    <script>
      const form = document.getElementById('outcome');
      const result = document.getElementById('result');
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const who = form.elements.who.value.trim();
        const status = form.elements.status.value;
        const body = who.startsWith('cst_') ? { customerId: who, status } : { email: who, status };
        result.className = '';
        try {
          const res = await fetch(form.action, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const data = await res.json();
          if (!res.ok) throw new Error(data.detail || res.statusText);
          result.textContent = 'Next recurring payments of ' + data.customerIds.join(', ') + ': ' + data.status + '.';
          // The setting as it now stands, from this page served anew.
          const page = await fetch(location.href, { cache: 'no-store' });
          const fresh = new DOMParser().parseFromString(await page.text(), 'text/html').getElementById('current');
          if (fresh) document.getElementById('current').replaceWith(document.importNode(fresh, true));
        } catch (error) {
          result.className = 'error';
          result.textContent = error instanceof Error ? error.message : String(error);
        }
      });
    </script>
  </body>
</html>
`;
}
