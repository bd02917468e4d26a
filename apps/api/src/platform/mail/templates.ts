/**
 * Mail texts in the user's language (the `mail` namespace of the server's i18next instance,
 * platform/i18n.ts), rendered as plain text and as simple HTML. Values are HTML-escaped; the layout is
 * ours, the words are the translators'.
 */

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

/**
 * A mail's words: the lead paragraph, an optional code shown large or a link shown as a button (and as
 * its address in the text), then the other paragraphs.
 */
interface MailBody {
  lead: string;
  code?: string;
  link?: { url: string; label: string };
  rest: string[];
}

/** Greeting, body, signature and footer, as text and as HTML. */
function layout(
  language: string,
  t: TFunction,
  values: Record<string, string>,
  body: MailBody,
): Omit<RenderedMail, 'subject'> {
  const greeting = t('greeting', values);
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

/**
 * A mail carrying a 6-character code (verification, 2FA).
 * @param language one of LANGUAGES; anything else falls back to English
 */
export function renderCodeMail(
  kind: CodeMailKind,
  language: string,
  values: { username: string; code: string },
): RenderedMail {
  const t = fixedT(language);
  const mail = layout(language, t, values, {
    lead: t(`${kind}.intro`),
    code: values.code,
    rest: [t(`${kind}.expires`)],
  });
  return { ...mail, subject: t(`${kind}.subject`, values) };
}

/**
 * Notices about a customer's servers, balance and payments (issues 7 and 8), each a subject, a lead and an
 * action line.
 */
export type NoticeMailKind =
  | 'suspended'
  | 'suspendedMonthly'
  | 'lowBalance'
  | 'deletionWarning'
  | 'deletionWarningMonthly'
  | 'deleted'
  | 'receipt'
  | 'creditNote'
  | 'orderRefunded'
  | 'serverRecreated'
  | 'serverLostCredits'
  | 'serverLostCard'
  | 'renewalFailed';

/**
 * A notice mail in the customer's language.
 * - `suspended`: a server suspended for lack of credits; values `server`, `date` (deletion date)
 * - `lowBalance`: the balance pays fewer than 24 hours; values `credits`, `hours`
 * - `deletionWarning`: a suspended server is deleted soon; values `server`, `date`
 * - `deleted`: a suspended server was deleted; values `server`, `days`
 * - `suspendedMonthly`, `deletionWarningMonthly`: as above for a server paid monthly by card
 * - `receipt`: a payment's invoice is attached; values `number`, `amount`
 * - `creditNote`: money refunded or charged back, the credit note attached; values `number`, `amount`
 * - `orderRefunded`: a paid server order could not be set up and was refunded; values `server`, `amount`
 * - `serverRecreated`: the panel lost a paid server and it was made again, empty; values `server`
 * - `serverLostCredits` / `serverLostCard`: the panel lost a paid server, no node could take it again,
 *   it was closed and refunded; values `server` and `credits` (hourly) or `amount` (monthly, by card)
 * - `renewalFailed`: a monthly renewal failed; values `server`, `date` (end of the paid period)
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
    rest: [t(`${kind}.action`, values)],
  });
  return { ...mail, subject: t(`${kind}.subject`, values) };
}

/** Account mails of the settings section (issue 9); see `renderAccountMail`. */
export type AccountMailKind =
  | 'changeEmail'
  | 'changeBoth'
  | 'changeUsername'
  | 'emailChanged'
  | 'passwordChanged'
  | 'deactivated'
  | 'passwordReset';

/**
 * An account mail in the customer's language (issue 9):
 * - `changeEmail`: confirm a new e-mail address (sent to it); values `email` (the new address), link
 * - `changeBoth`: confirm a new username and e-mail address (sent to the new one); values `newUsername`,
 *   `email`, link
 * - `changeUsername`: confirm a new username (sent to the current address); values `newUsername`, link
 * - `emailChanged`: the account's e-mail was changed (sent to the old address); values `email` (new)
 * - `passwordChanged`: the password was changed and other logins ended
 * - `deactivated`: the account was deactivated; what is kept and how to reach support
 * - `passwordReset`: the link to set a new password (forgot password), valid one hour
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

/**
 * A date and time as a mail states it: the language's long date with the time, in the customer's zone.
 * @param instant epoch milliseconds
 */
export function mailDate(language: string, timeZone: string, instant: number): string {
  const lng = languageOf(language);
  try {
    return new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(instant);
  } catch {
    return new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
      instant,
    );
  }
}
