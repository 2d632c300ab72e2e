import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { z } from 'zod';
import { OperationError } from '../operation-error';

/**
 * The server's secrets inside a backup, sealed with a passphrase (only with --include-keys):
 * scrypt stretches the passphrase into an AES-256-GCM key, so a stolen archive gives up nothing
 * without it, and a wrong passphrase or an edited envelope fails authentication.
 */
export type BackupSecrets = { jwt: string; ownerHash: string; encryptionKeys: string };

const secretsSchema = z.object({
  jwt: z.string().min(32),
  ownerHash: z.string().min(32),
  encryptionKeys: z.string().min(1),
});

export const keyEnvelopeSchema = z.object({
  kdf: z.literal('scrypt'),
  /** scrypt cost: N (a power of two), r, p. */
  N: z
    .number()
    .int()
    .min(2 ** 14)
    .max(2 ** 22),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  salt: z.base64(),
  iv: z.base64(),
  tag: z.base64(),
  ciphertext: z.base64(),
});
export type KeyEnvelope = z.infer<typeof keyEnvelopeSchema>;

/** About half a second and 128 MiB here: slow for a guesser, quick for one restore. */
const COST = { N: 2 ** 17, r: 8, p: 1 };
const AAD = Buffer.from('candor-backup-keys-v1', 'utf8');
export const MIN_PASSPHRASE_LENGTH = 12;

function deriveKey(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { ...cost, maxmem: 256 * cost.N * cost.r + 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export function checkPassphrase(passphrase: string) {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new OperationError(
      `The passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters long.`,
    );
  }
}

export async function sealSecrets(
  secrets: BackupSecrets,
  passphrase: string,
): Promise<KeyEnvelope> {
  checkPassphrase(passphrase);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await deriveKey(passphrase, salt, COST);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(secretsSchema.parse(secrets)), 'utf8'),
    cipher.final(),
  ]);
  return {
    kdf: 'scrypt',
    ...COST,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

export async function openSecrets(
  envelope: KeyEnvelope,
  passphrase: string,
): Promise<BackupSecrets> {
  const key = await deriveKey(passphrase, Buffer.from(envelope.salt, 'base64'), envelope);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
  decipher.setAAD(AAD);
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  let text: string;
  try {
    text = Buffer.concat([
      decipher.update(Buffer.from(envelope.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new OperationError(
      'The passphrase does not open the keys in this backup (or the keys were altered). ' +
        'Nothing was restored.',
    );
  }
  return secretsSchema.parse(JSON.parse(text));
}
