/** Outgoing mail through nodemailer: SMTP in production, captured in memory in the demo. */
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
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
  const box: CapturedMail[] = [];
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
      const { attachments = [], ...rest } = mail;
      box.unshift({
        ...rest,
        sentAt: new Date(now()).toISOString(),
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
        })),
      });
      if (box.length > CAPTURE_LIMIT) box.length = CAPTURE_LIMIT;
    },
    captured: () => [...box],
  };
}
