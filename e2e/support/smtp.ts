import { type ParsedMail, simpleParser } from 'mailparser';
import * as openpgp from 'openpgp';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; parsed: ParsedMail };

/** A real SMTP server (smtp-server from npm) on `port`, keeping what it accepts. */
export async function startSmtpServer(port: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    to: (address: string) =>
      received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function generateKey(email: string) {
  return openpgp.generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: [{ name: 'E2E Handler', email }],
    format: 'armored',
  });
}

/** The PGP/MIME message's plain text and HTML, decrypted with this private key. */
export async function decryptMail(mail: ReceivedMail, privateKey: string): Promise<string> {
  const armored = /-----BEGIN PGP MESSAGE-----[\s\S]+?-----END PGP MESSAGE-----/.exec(mail.raw);
  if (!armored) throw new Error('no PGP message in this mail');
  const { data } = await openpgp.decrypt({
    message: await openpgp.readMessage({ armoredMessage: armored[0] }),
    decryptionKeys: await openpgp.readPrivateKey({ armoredKey: privateKey }),
  });
  const inner = await simpleParser(data as string);
  return `${inner.text ?? ''}\n${typeof inner.html === 'string' ? inner.html : ''}`;
}

/** The link to one of Candor's pages a mail carries. */
export function linkIn(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`https?://[^\\s"<]+/${page}#token=[^\\s"<]+`).exec(
    mail.parsed.text ?? '',
  );
  if (!match) throw new Error(`no ${page} link in this mail`);
  return match[0];
}
