import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  contactMessages,
  guestReceipts,
  mailOutbox,
  notifications,
  ownerQueue,
  refreshTokens,
  reportMessages,
  reportOwnerIndex,
  reports,
  twoFactorCredentials,
} from './schema';

/**
 * Every sealed value Candor stores, in one list (docs/protection.md "Protecting reporters"). Each entry names the column, the
 * primary key of its rows and the purpose it is sealed for (bound as associated data, so a value
 * opens only in its own column: lib/crypto.ts). Services seal and open with these purposes;
 * `npm run rotate-keys` re-wraps every entry; a test fails when the database has a bytea column
 * that is neither here nor in `unsealedByteColumns`. A new sealed column is one entry here.
 */
export type SealedColumn = { column: AnyPgColumn; key: AnyPgColumn; purpose: string };

export const sealedColumns = {
  reportDescription: {
    column: reports.description,
    key: reports.id,
    purpose: 'report.description',
  },
  reportOwner: { column: reports.ownerSealed, key: reports.id, purpose: 'report.owner-id' },
  reportOwnerIndex: {
    column: reportOwnerIndex.entries,
    key: reportOwnerIndex.ownerKey,
    purpose: 'report.owner-index',
  },
  ownerQueue: { column: ownerQueue.payload, key: ownerQueue.id, purpose: 'report.owner-queue' },
  reportMessage: { column: reportMessages.body, key: reportMessages.id, purpose: 'report.message' },
  notificationPayload: {
    column: notifications.payload,
    key: notifications.id,
    purpose: 'notification.payload',
  },
  mailOutbox: { column: mailOutbox.payload, key: mailOutbox.id, purpose: 'mail.outbox' },
  contactMessage: {
    column: contactMessages.message,
    key: contactMessages.id,
    purpose: 'contact.message',
  },
  receiptVisit: {
    column: guestReceipts.visit,
    key: guestReceipts.reportId,
    purpose: 'receipt.visit',
  },
  refreshRotation: {
    column: refreshTokens.rotation,
    key: refreshTokens.id,
    purpose: 'refresh.rotation',
  },
  twoFactorSecret: {
    column: twoFactorCredentials.secret,
    key: twoFactorCredentials.userId,
    purpose: 'two-factor.secret',
  },
  twoFactorLastStep: {
    column: twoFactorCredentials.lastStep,
    key: twoFactorCredentials.userId,
    purpose: 'two-factor.last-step',
  },
} as const satisfies Record<string, SealedColumn>;

/**
 * Sealed files in storage, named by a column: evidence (one per report), and voice messages
 * (`voice_recordings.storage_key`), which are sealed under the same purpose.
 */
export const sealedFiles = {
  evidence: { keyColumn: reports.evidenceKey, rowKey: reports.id, purpose: 'report.evidence' },
} as const;

/** bytea columns that are not values to re-wrap, and why. `table.column`. */
export const unsealedByteColumns: Record<string, string> = {
  'key_checks.value':
    'one canary per encryption key, sealed with that very key: it proves the key is configured, ' +
    'and is removed when rotate-keys retires the key',
};
