import nodemailer from 'nodemailer';
import type { MailConfig, SmtpTransport } from '../config';

/** A message as the outbox hands it over: plain text and HTML, or a whole MIME message. */
export type OutgoingMail =
  | { to: string; subject: string; text: string; html: string }
  | { to: string; raw: string };

/**
 * The mail driver (nodemailer over SMTP, docs/operating.md "Email"): one pooled transport per process. It
 * sends what it is given and throws when the server refuses; the outbox decides when to try again
 * (modules/outbox/outbox.ts).
 */
export type Mailer = {
  from: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
  /** Where it sends, for the start-up line: host and port, never a user or password. */
  describe(): string;
};

function transportOptions(smtp: SmtpTransport) {
  if ('url' in smtp) return smtp.url;
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === 'implicit',
    requireTLS: smtp.tls === 'starttls',
    ignoreTLS: smtp.tls === 'none',
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
  };
}

export function createMailer(config: MailConfig): Mailer {
  const options = transportOptions(config.smtp);
  const transport =
    typeof options === 'string'
      ? nodemailer.createTransport(`${options}${options.includes('?') ? '&' : '?'}pool=true`)
      : nodemailer.createTransport({ ...options, pool: true, maxConnections: 2 });
  return {
    from: config.from,
    async send(mail) {
      if ('raw' in mail) {
        await transport.sendMail({
          envelope: { from: config.from, to: [mail.to] },
          raw: mail.raw,
        });
        return;
      }
      await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transport.close(),
    describe() {
      if ('url' in config.smtp) {
        const url = new URL(config.smtp.url);
        return `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
      }
      return `${config.smtp.host}:${config.smtp.port} (${config.smtp.tls})`;
    },
  };
}
