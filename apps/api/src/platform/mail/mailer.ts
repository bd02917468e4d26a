/** Outgoing mail through nodemailer: SMTP in production, captured in memory in the demo. */
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface CapturedMail {
  /** demo only: the mail's number since start, for its attachments' address */
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  /** `size` in bytes; `url` is where the demo mailbox downloads it (GET /api/dev/mail/:id/attachments/:n) */
  attachments: Array<{ filename: string; contentType: string; size: number; url: string }>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** demo only: captured mail, newest first; undefined when mail really goes out */
  captured?: () => CapturedMail[];
  /** demo only: attachment `index` (0-based) of captured mail `id`, or undefined when not kept */
  capturedAttachment?: (id: number, index: number) => MailAttachment | undefined;
}

const CAPTURE_LIMIT = 500;

/** @param smtpUrl smtp(s)://user:pass@host:port, or null to capture (demo) */
export function createMailer(smtpUrl: string | null, from: string, now: () => number = Date.now): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  // A real nodemailer transport builds the message, so the demo exercises the same code path.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const box: Array<CapturedMail & { files: MailAttachment[] }> = [];
  let sent = 0;
  return {
    async send(mail) {
      // Taken before sending: the JSON transport rewrites the attachments' content as base64 text.
      const { attachments: given = [], ...rest } = mail;
      const attachments = given.map((a) => ({ ...a }));
      await transport.sendMail({ from, ...mail });
      sent += 1;
      const id = sent;
      box.unshift({
        id,
        ...rest,
        sentAt: new Date(now()).toISOString(),
        attachments: attachments.map((a, index) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
          url: `/api/dev/mail/${id}/attachments/${index}`,
        })),
        // Kept for the mailbox's download links; the box holds at most CAPTURE_LIMIT mails.
        files: attachments,
      });
      if (box.length > CAPTURE_LIMIT) box.length = CAPTURE_LIMIT;
    },
    captured: () => box.map(({ files: _files, ...mail }) => mail),
    capturedAttachment: (id, index) => box.find((m) => m.id === id)?.files[index],
  };
}
