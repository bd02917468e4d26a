/** Mail texts in the user's language, as text and HTML: the layout is ours, the words the translators'. */

import type { TFunction } from 'i18next';
import { escapeHtml } from '../html';
import { languageOf, translator } from '../i18n';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type CodeMailKind = 'verifyEmail' | 'twoFactor';

function fixedT(language: string): TFunction {
  return translator(language, 'mail');
}

/** A mail's words: a lead, an optional code or link button, then the other paragraphs. */
interface MailBody {
  lead: string;
  code?: string;
  link?: { url: string; label: string };
  rest: string[];
}

function layout(
  language: string,
  t: TFunction,
  values: Record<string, string>,
  body: MailBody,
): Omit<RenderedMail, 'subject'> {
  // By first name where the mail knows it (docs/decisions/443-greetings.md); older queued mails by username.
  const greeting = t('greeting', { ...values, name: values.firstName || values.username });
  const lines = [
    greeting,
    '',
    body.lead,
    '',
    ...(body.code ? [body.code, ''] : []),
    ...(body.link ? [body.link.url, ''] : []),
    ...body.rest.flatMap((p) => [p, '']),
  ];
  const text = `${lines.join('\n')}${t('signature')}\n\n--\n${t('footer')}\n`;
  const codeHtml = body.code
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;text-align:center;background:#f1f3f5;padding:12px;border-radius:6px">${escapeHtml(body.code)}</p>`
    : '';
  const linkHtml = body.link
    ? `<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(body.link.url)}" style="background:#228be6;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${escapeHtml(body.link.label)}</a></p><p style="font-size:12px;color:#868e96;word-break:break-all">${escapeHtml(body.link.url)}</p>`
    : '';
  const paragraphs = [body.lead, ...body.rest].map((p) => `<p>${escapeHtml(p)}</p>`);
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:Arial,sans-serif;background:#f4f5f7;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px;color:#1a1b1e">
<h1 style="font-size:20px;color:#228be6;margin:0 0 16px">Falkenhost</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs[0]}
${codeHtml}${linkHtml}
${paragraphs.slice(1).join('\n')}
<p>${escapeHtml(t('signature'))}</p>
<hr style="border:none;border-top:1px solid #e9ecef"><p style="font-size:12px;color:#868e96">${escapeHtml(t('footer'))}</p>
</div></body></html>`;
  return { text, html };
}

/** A mail carrying a code (verification, 2FA). @param language one of LANGUAGES, else English */
export function renderCodeMail(
  kind: CodeMailKind,
  language: string,
  values: { username: string; firstName?: string; code: string },
): RenderedMail {
  const t = fixedT(language);
  const mail = layout(language, t, values, {
    lead: t(`${kind}.intro`),
    code: values.code,
    rest: [t(`${kind}.expires`)],
  });
  return { ...mail, subject: t(`${kind}.subject`, values) };
}

/** The notice mails, by their key in the `mail` namespace. */
export const NOTICE_MAIL_KINDS = [
  'suspended',
  'suspendedMonthly',
  'lowBalance',
  'deletionWarning',
  'deletionWarningMonthly',
  'deleted',
  'receipt',
  'creditNote',
  'orderRefunded',
  'paymentRefunded',
  'serverRecreated',
  'serverLostCredits',
  'serverLostCard',
  'renewalFailed',
  'renewalRetrying',
  'renewalRetriesFailed',
  'autoTopUpFailed',
] as const;

export type NoticeMailKind = (typeof NOTICE_MAIL_KINDS)[number];

/** Whether `value` names a notice mail (a template read back from the outbox). */
export function isNoticeMailKind(value: unknown): value is NoticeMailKind {
  return typeof value === 'string' && (NOTICE_MAIL_KINDS as readonly string[]).includes(value);
}

/** A notice mail not rendered yet: what renderNoticeMail takes (decision 313). */
export interface NoticeMail {
  kind: NoticeMailKind;
  /** one of LANGUAGES; anything else is rendered in English */
  language: string;
  values: Record<string, string> & { username: string };
}

/**
 * A notice mail in the customer's language; `values` are the placeholders of the kind's texts in the
 * `mail` namespace (packages/locales). A `link` value becomes a button labelled by the kind's `button`
 * text (a page of the dashboard; never a secret: those mails are sent at once, decision 013).
 * @param language one of LANGUAGES; anything else falls back to English
 */
export function renderNoticeMail(
  kind: NoticeMailKind,
  language: string,
  values: Record<string, string> & { username: string },
): RenderedMail {
  const t = fixedT(language);
  const mail = layout(language, t, values, {
    lead: t(`${kind}.intro`, values),
    ...(values.link ? { link: { url: values.link, label: t(`${kind}.button`, values) } } : {}),
    rest: [t(`${kind}.action`, values)],
  });
  return { ...mail, subject: t(`${kind}.subject`, values) };
}

export type AccountMailKind =
  | 'changeEmail'
  | 'changeBoth'
  | 'changeUsername'
  | 'emailChanged'
  | 'passwordChanged'
  | 'deactivated'
  | 'passwordReset';

/**
 * An account mail in the customer's language; `values` are the placeholders of the kind's texts.
 * @param link the confirmation link (change mails only)
 * @param language one of LANGUAGES; anything else falls back to English
 */
export function renderAccountMail(
  kind: AccountMailKind,
  language: string,
  values: Record<string, string> & { username: string },
  link?: string,
): RenderedMail {
  const t = fixedT(language);
  const mail = layout(language, t, values, {
    lead: t(`${kind}.intro`, values),
    ...(link ? { link: { url: link, label: t(`${kind}.button`, values) } } : {}),
    rest: [t(`${kind}.action`, values)],
  });
  return { ...mail, subject: t(`${kind}.subject`, values) };
}

/** One formatter per language and zone: making one costs far more than using it (a tick mails thousands). */
const mailDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time in the language's long form, in the customer's zone (UTC when the zone is unknown).
 * @param instant epoch ms
 */
export function mailDate(language: string, timeZone: string, instant: number): string {
  const lng = languageOf(language);
  const key = `${lng} ${timeZone}`;
  let format = mailDateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone });
    } catch {
      format = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    }
    mailDateFormats.set(key, format);
  }
  return format.format(instant);
}
