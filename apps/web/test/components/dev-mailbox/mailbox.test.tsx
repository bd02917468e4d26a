/**
 * The demo mailbox shows what a mail carries (issue 30): the invoice mail's PDF with its name, its size
 * and a link that downloads it, against the real product (apps/api/test/harness.ts).
 */
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Mailbox } from '@/features/dev-mailbox/components/mailbox';
import type { Product } from '../../../../api/test/harness';
import { startProductInPage } from '../page';
import { renderApp } from '../render';

let product: Product;
const email = 'jiri@example.cz';
const staffMessage = 'New order #7: 100 credits bought by jiri, paid 4.32 EUR.';

beforeAll(async () => {
  product = await startProductInPage({ seed: false, path: '/dev/mailbox' });
  // The product's own mailer, as the outbox sends an invoice mail (a 2,400-byte PDF), and a code mail.
  await product.server.ctx.mailer.send({ to: email, subject: 'Code', text: 'ABC123', html: '' });
  await product.server.ctx.mailer.send({
    to: email,
    subject: 'Invoice 2026-000001',
    text: 'Your invoice is attached.',
    html: '',
    attachments: [
      {
        filename: 'invoice-2026-000001.pdf',
        contentType: 'application/pdf',
        content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2_391, 32)]),
      },
    ],
  });
  // The demo's staff webhook receives what the product posts to it (docs/decisions/191-staff-webhook.md).
  const posted = await fetch(`${product.url}/api/dev/staff-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content: staffMessage, allowed_mentions: { parse: [] } }),
  });
  if (posted.status !== 204) throw new Error(`staff webhook answered ${posted.status}`);
}, 60_000);

afterAll(async () => product?.close());

test.each([
  ['en', 'Attachments', 'Download invoice-2026-000001.pdf', '2.4 kB'],
  ['cs', 'Přílohy', 'Stáhnout invoice-2026-000001.pdf', '2,4 kB'],
  ['de', 'Anhänge', 'invoice-2026-000001.pdf herunterladen', '2,4 kB'],
] as const)(
  'lists the invoice PDF with size and a download link in %s',
  async (language, title, name, size) => {
    await renderApp(<Mailbox />, { language, path: '/dev/mailbox' });
    const box = await screen.findByRole('region', { name: title });
    const link = within(box).getByRole('link', { name });
    expect(link.getAttribute('href')).toMatch(/^\/api\/dev\/mail\/\d+\/attachments\/0$/);
    expect(link.getAttribute('download')).toBe('invoice-2026-000001.pdf');
    expect(within(box).getByText(size)).toBeTruthy();
    // Only the invoice mail carries one: the code mail lists none.
    expect(screen.getAllByRole('region', { name: title })).toHaveLength(1);
    expect(screen.getAllByTestId('mail')).toHaveLength(2);
    // The link downloads the bytes that were attached.
    const res = await fetch(link.getAttribute('href')!);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect((await res.arrayBuffer()).byteLength).toBe(2_400);
  },
);

test.each([
  ['en', 'Staff notifications'],
  ['cs', 'Oznámení pro tým'],
  ['sk', 'Oznámenia pre tím'],
  ['de', 'Team-Benachrichtigungen'],
  ['fr', "Notifications de l'équipe"],
] as const)(
  'shows the staff notifications beside the mail, in English, in a %s frame',
  async (language, title) => {
    await renderApp(<Mailbox />, { language, path: '/dev/mailbox' });
    const box = await screen.findByRole('region', { name: title });
    expect(await within(box).findByText(staffMessage)).toBeTruthy();
    expect(within(box).getAllByTestId('staff-notification')).toHaveLength(1);
  },
);
