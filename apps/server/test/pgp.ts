import * as openpgp from 'openpgp';
import type { ReceivedMail } from './smtp';

export type TestKey = { publicKey: string; privateKey: string; revocationCertificate: string };

export async function generateTestKey(
  email: string,
  options: { date?: Date; keyExpirationTime?: number } = {},
): Promise<TestKey> {
  const { publicKey, privateKey, revocationCertificate } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: [{ name: 'Test Handler', email }],
    format: 'armored',
    ...options,
  });
  return { publicKey, privateKey, revocationCertificate };
}

export async function revokedPublicKey(key: TestKey): Promise<string> {
  const { publicKey } = await openpgp.revokeKey({
    key: await openpgp.readKey({ armoredKey: key.publicKey }),
    revocationCertificate: key.revocationCertificate,
    format: 'armored',
  });
  return publicKey;
}

/** The armored PGP message of a PGP/MIME mail (RFC 3156): its second part. */
export function pgpMessageOf(mail: ReceivedMail): string {
  const match = /-----BEGIN PGP MESSAGE-----[\s\S]+?-----END PGP MESSAGE-----/.exec(mail.raw);
  if (!match) throw new Error('no PGP message in this mail');
  return match[0];
}

/** Decrypts with this private key; throws for any other. */
export async function decryptWith(armoredMessage: string, privateKey: string): Promise<string> {
  const { data } = await openpgp.decrypt({
    message: await openpgp.readMessage({ armoredMessage }),
    decryptionKeys: await openpgp.readPrivateKey({ armoredKey: privateKey }),
    expectSigned: false,
  });
  return data as string;
}
