import { z } from 'zod';

/**
 * The server's secrets as a backup made with --include-keys holds them (`keys.json`): inside
 * the archive, so encrypted and authenticated with the archive's passphrase like everything
 * else in it (archive-encryption.ts), and kept in memory by a restore, never unpacked to disk.
 */
export type BackupSecrets = { jwt: string; ownerHash: string; encryptionKeys: string };

export const backupSecretsSchema = z.object({
  jwt: z.string().min(32),
  ownerHash: z.string().min(32),
  encryptionKeys: z.string().min(1),
});

export function readBackupSecrets(data: Buffer): BackupSecrets {
  return backupSecretsSchema.parse(JSON.parse(data.toString('utf8')));
}
