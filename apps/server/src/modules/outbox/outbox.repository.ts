import type { Language } from '@candor/contract/languages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type mailKinds, mailOutbox, mailSettings, users } from '../../db/schema';

export type MailKind = (typeof mailKinds)[number];

export type NewOutboxRow = {
  kind: MailKind;
  payload: Buffer;
  digestTag: string | null;
  nextAttemptAt: Date;
};

/**
 * Alerts to administrators written by another module's statement, as its data-modifying `with`
 * (comments.repository.ts `reporterMessageStatement`), each only to an account still an active
 * administrator as it runs. `outboxRowsParam` is its `alerts` parameter, one JSON text whatever
 * the number of rows; the recipient's id travels beside each row, never stored.
 */
export const adminAlertRowsSql = sql`select gen_random_uuid(), a.kind, decode(a.payload, 'base64'), a.digest_tag, 'pending', 0, a.next_attempt_at, null::timestamptz from json_to_recordset(${sql.placeholder('alerts')}::json) as a(user_id int, kind text, payload text, digest_tag text, next_attempt_at timestamptz) join ${users} on ${users.id} = a.user_id and ${users.role} = 'admin' and ${users.isActive}`;

export function outboxRowsParam(rows: (NewOutboxRow & { userId: number })[]): string {
  return JSON.stringify(
    rows.map((row) => ({
      user_id: row.userId,
      kind: row.kind,
      payload: row.payload.toString('base64'),
      digest_tag: row.digestTag,
      next_attempt_at: row.nextAttemptAt.toISOString(),
    })),
  );
}

export async function insertOutboxRows(db: Executor, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(mailOutbox).values(rows);
}

export type ClaimedRow = {
  id: string;
  kind: MailKind;
  payload: Buffer | null;
  digestTag: string | null;
  attempts: number;
};

/**
 * Claims up to `limit` messages due at `now` for `leaseMs`, committed before anything is sent:
 * `FOR UPDATE SKIP LOCKED` lets two processes claiming at once take different rows, and a
 * claimed row is passed over by the next claim until its lease runs out (a crashed sender's).
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedRow[]> {
  const until = new Date(now.getTime() + leaseMs);
  const result = (await db.execute(sql`
    update ${mailOutbox} set locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${mailOutbox}
      where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, digest_tag as "digestTag", attempts`)) as unknown as {
    rows: ClaimedRow[];
  };
  return result.rows.map((row) => ({
    ...row,
    payload: row.payload === null ? null : Buffer.from(row.payload),
    attempts: Number(row.attempts),
  }));
}

/** Sent (or owed to nobody any more): the rows leave the outbox. */
export async function deleteRows(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(mailOutbox).where(inArray(mailOutbox.id, ids));
}

export async function retryLater(db: Executor, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: at, lockedUntil: null })
    .where(inArray(mailOutbox.id, ids));
}

/** Refused on the last try: kept as failed, with nothing of the message left. */
export async function markFailed(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ state: 'failed', payload: null, lockedUntil: null })
    .where(inArray(mailOutbox.id, ids));
}

export type MailRecipient = {
  userId: number;
  /** The verified address, while it is still the account's email; null otherwise. */
  address: string | null;
  pgpKey: string | null;
  preferences: Record<string, string>;
  digestHour: number;
  /** The language the account reads Candor in; null: English. */
  language: Language | null;
  /** Active, and an administrator or the superuser, as the message is sent. */
  isStaff: boolean;
};

/** How mail reaches these accounts: only an address verified and still theirs is used. */
export async function findRecipients(db: Executor, userIds: number[]): Promise<MailRecipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      verifiedEmail: mailSettings.verifiedEmail,
      pgpKey: mailSettings.pgpKey,
      preferences: mailSettings.preferences,
      digestHour: mailSettings.digestHour,
      language: users.language,
      isActive: users.isActive,
      role: users.role,
      isSuperuser: users.isSuperuser,
    })
    .from(users)
    .innerJoin(mailSettings, eq(mailSettings.userId, users.id))
    .where(and(inArray(users.id, userIds)));
  return rows.map((row) => ({
    userId: row.userId,
    address:
      row.verifiedEmail && row.email && row.verifiedEmail.toLowerCase() === row.email.toLowerCase()
        ? row.email
        : null,
    pgpKey: row.pgpKey,
    preferences: row.preferences,
    digestHour: row.digestHour,
    language: row.language,
    isStaff: row.isActive && (row.role === 'admin' || row.isSuperuser),
  }));
}
