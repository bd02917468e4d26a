import type { Payment, PaymentStatus } from '../state/types';

/** The statuses the test-mode checkout offers, with their labels (reference/mollie.md, "Test mode"). */
export const CHECKOUT_CHOICES: ReadonlyArray<[PaymentStatus, string]> = [
  ['open', 'Open'],
  ['paid', 'Paid'],
  ['failed', 'Failed'],
  ['canceled', 'Canceled'],
  ['expired', 'Expired'],
];

/** The changePaymentState page of a recurring payment offers the moves from pending. */
export const CHANGE_STATE_CHOICES: ReadonlyArray<[PaymentStatus, string]> = [
  ['paid', 'Paid'],
  ['failed', 'Failed'],
];

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function formatAmount(payment: Payment): string {
  const symbol = payment.amount.currency === 'EUR' ? '€' : `${payment.amount.currency} `;
  return `${symbol}${payment.amount.value}`;
}

export interface CheckoutPageOptions {
  /** Where the form posts (the page's own URL). */
  action: string;
  /** Status/label pairs to offer; `paid` is preselected. */
  choices: ReadonlyArray<[PaymentStatus, string]>;
  /** False once the payment left the status the page acts on: then only its status is shown. */
  choosable: boolean;
  /** A message shown above the form, e.g. for an invalid choice. */
  note?: string;
}

/**
 * The hosted test checkout: amount, description and a form (method=post to `action`) with radio
 * inputs `status` and a `Continue` button. A payment that can no longer be changed shows its status
 * and a link back to the shop instead.
 */
export function checkoutPage(payment: Payment, options: CheckoutPageOptions): string {
  const { action, choices, choosable, note } = options;
  const radios = choices
    .map(
      ([status, label]) =>
        `<label class="choice"><input type="radio" name="status" value="${status}"${status === 'paid' ? ' checked' : ''}> ${label}</label>`,
    )
    .join('\n        ');
  const body = choosable
    ? `<p>On this page you can select the final payment status of the test payment.</p>
      <form method="post" action="${escapeHtml(action)}">
        ${radios}
        <button type="submit">Continue</button>
      </form>`
    : `<p>This payment is ${escapeHtml(payment.status)}.</p>${
        payment.redirectUrl
          ? `<p><a href="${escapeHtml(payment.redirectUrl)}">Return to the shop</a></p>`
          : ''
      }`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Mollie test payment ${escapeHtml(payment.id)}</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; }
      main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; }
      .amount { font-size: 2rem; font-weight: 600; margin: 0; }
      .choice { display: block; padding: .5rem 0; }
      button { margin-top: 1rem; padding: .6rem 1.5rem; background: #0077ff; color: #fff; border: 0; border-radius: 4px; font-size: 1rem; }
      .note { color: #b00020; }
    </style>
  </head>
  <body>
    <main>
      <p>Test mode</p>
      <p class="amount">${escapeHtml(formatAmount(payment))}</p>
      <p class="description">${escapeHtml(payment.description)}</p>
      ${note ? `<p class="note">${escapeHtml(note)}</p>` : ''}
      ${body}
    </main>
  </body>
</html>
`;
}
