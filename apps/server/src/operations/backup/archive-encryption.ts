import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Duplex, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import { OperationError } from '../operation-error';

/**
 * Every archive is encrypted whole under its passphrase, as an age file (age-encryption.org/v1,
 * the passphrase's scrypt recipient): scrypt (N=2^18, r=8, p=1) turns the passphrase into the key
 * that wraps a random file key, and the archive is sealed in 64 KiB chunks with
 * ChaCha20-Poly1305, each authenticated, numbered and the last one marked. So a stolen archive
 * shows nothing but its size, and an edited one (a changed byte, a chunk removed, added or
 * moved, an archive cut short or lengthened, another archive's chunks spliced in, or a whole
 * archive made under another passphrase) fails to open: the manifest and, through the
 * manifest's checksums, every entry are authenticated with the passphrase. The format is open:
 * `age -d` opens an archive with its passphrase without Candor (docs/operating.md "Backup").
 */
export const MIN_PASSPHRASE_LENGTH = 12;
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n', 'utf8');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export function checkPassphrase(passphrase: string) {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new OperationError(
      `The passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters long.`,
    );
  }
}

/** A stream that encrypts what is written to it under `passphrase`, header first. */
export async function encryptingStream(passphrase: string): Promise<Duplex> {
  checkPassphrase(passphrase);
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase.normalize('NFC'));
  return encryptingWith(encrypter);
}

async function encryptingWith(encrypter: Encrypter): Promise<Duplex> {
  const plain = new TransformStream<Uint8Array, Uint8Array>();
  const encrypted = await encrypter.encrypt(plain.readable);
  return Duplex.fromWeb({
    readable: encrypted as unknown as NodeReadableStream,
    writable: plain.writable as unknown as import('node:stream/web').WritableStream,
  });
}

async function headOf(file: string): Promise<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new OperationError(`${file} does not exist.`);
    }
    throw error;
  }
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const NOT_ENCRYPTED =
  'This archive is not encrypted. Every Candor archive is encrypted and authenticated with its ' +
  'passphrase (archive format 2). One that is not was made by an earlier version of Candor ' +
  '(restore it with that version, then make a new backup with this one), or was made or ' +
  'altered by someone else.';

const PASSPHRASE_REFUSED =
  'The passphrase does not open this archive, or the archive was altered (its header does not ' +
  'authenticate).';

export type Decrypted = {
  plain: Readable;
  /** Whether the encrypted stream failed to authenticate (set once reading failed). */
  failedAuthentication(): boolean;
};

/**
 * The plaintext of an archive, authenticated as it is read: a chunk that does not authenticate
 * (or an archive cut short or lengthened) fails the stream, and nothing of it is passed on.
 * Refuses a file that is not encrypted, and a passphrase that does not open it.
 */
export async function decryptingStream(
  file: string,
  passphrase: string,
  /** What the caller did not do, said after a refusal. */
  outcome = 'Nothing was restored.',
): Promise<Decrypted> {
  const head = await headOf(file);
  if (!head.equals(AGE_MAGIC)) {
    if (head.subarray(0, 2).equals(GZIP_MAGIC)) {
      throw new OperationError(`${NOT_ENCRYPTED} ${outcome}`);
    }
    throw new OperationError(
      `The archive is damaged or is not a Candor backup (it is not an encrypted archive). ${outcome}`,
    );
  }
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase.normalize('NFC'));
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await decrypter.decrypt(
      Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>,
    );
  } catch {
    throw new OperationError(`${PASSPHRASE_REFUSED} ${outcome}`);
  }
  let isFailed = false;
  const plain = Readable.fromWeb(stream as unknown as NodeReadableStream);
  plain.on('error', () => {
    isFailed = true;
  });
  return { plain, failedAuthentication: () => isFailed };
}

/**
 * Seals the files a backup stages on its way into the archive (a PostgreSQL table's rows, before
 * their size is known) under a key that exists only in this process, so that no table is ever on
 * disk in the clear beside the archives, even when the backup is killed half-way.
 */
export type StagingSealer = {
  sealing(): Promise<Duplex>;
  opening(file: string): Promise<Readable>;
};

export async function stagingSealer(): Promise<StagingSealer> {
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  return {
    sealing: () => {
      const encrypter = new Encrypter();
      encrypter.addRecipient(recipient);
      return encryptingWith(encrypter);
    },
    opening: async (file) => {
      const decrypter = new Decrypter();
      decrypter.addIdentity(identity);
      const stream = await decrypter.decrypt(
        Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>,
      );
      return Readable.fromWeb(stream as unknown as NodeReadableStream);
    },
  };
}
