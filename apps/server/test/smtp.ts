import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the test server received it: its envelope, its bytes and what they parse to. */
export type ReceivedMail = { to: string[]; raw: string; parsed: ParsedMail };

export type TestSmtpServer = {
  port: number;
  /** Everything received so far, in order. */
  received: ReceivedMail[];
  /** The next `count` messages are refused with a temporary error (451). */
  refuseNext(count: number): void;
  /** Environment that points Candor at this server. */
  env: Record<string, string>;
  /** The messages to one address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server (smtp-server, from npm) on a free local port, which keeps what it accepts:
 * a message is parsed and kept before the server answers 250, so when Candor's send resolves,
 * the message is here.
 */
export async function startSmtpServer(
  options: { publicUrl?: string } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    refuseNext(count) {
      refusing = count;
    },
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_TLS: 'none',
      MAIL_FROM: 'Candor <alerts@candor.test>',
      PUBLIC_URL: options.publicUrl ?? 'https://candor.test',
      MAIL_SEND_INTERVAL_SECONDS: '0',
    },
    to: (address) =>
      received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
