import type { Language } from '@candor/contract/languages';
import { type AlertKind, type AlertMode, alwaysOnAlertKinds } from '@candor/contract/mail';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { errorSummary } from '../../lib/logger';
import type { OutgoingMail } from '../../lib/mail';
import type { JobDefinition } from '../../lib/scheduler';
import {
  ALERT_SUBJECT,
  type AlertItem,
  accessDecisionBody,
  addressChangedBody,
  alertBody,
  encryptedMail,
  passwordResetBody,
  subjectIn,
  verifyAddressBody,
} from './content';
import * as repo from './outbox.repository';

/** The rows of `alertRowsParam`, written by another module's statement. */
export { adminAlertRowsSql } from './outbox.repository';

export const OUTBOX_PURPOSE = 'mail.outbox';
const DIGEST_TAG_PURPOSE = 'mail.digest';
/** A sending pass keeps what it claimed this long; a crashed pass's messages are sent after it. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 100;
/** Messages sent at once: the transport's pooled connections (lib/mail.ts `maxConnections`). */
const SENDERS = 2;

export type { AlertKind, AlertMode };

/** What an outbox row holds, sealed: whom to, and what. */
type OutboxPayload =
  | { to: { userId: number }; item: AlertItem }
  | { to: { address: string }; link: string | null; text?: string; language?: Language | null };

export type AlertInput = {
  userId: number;
  kind: AlertKind;
  reference?: string | null;
  /** Sent only inside an encrypted message. */
  title?: string | null;
};

/** What writing mail needs; without a mailer (mail off, or a context of sealer and hash alone) nothing is written. */
export type MailContext = Pick<AppContext, 'sealer' | 'hash'> &
  Partial<Pick<AppContext, 'mailer' | 'config' | 'clock'>>;
type SendContext = MailContext & Pick<AppContext, 'db' | 'metrics' | 'log' | 'config' | 'clock'>;

export function modeOf(preferences: Record<string, string>, kind: AlertKind): AlertMode {
  const chosen = preferences[kind];
  const mode: AlertMode = chosen === 'digest' || chosen === 'off' ? chosen : 'immediate';
  return mode === 'off' && alwaysOnAlertKinds.includes(kind) ? 'immediate' : mode;
}

/** The next time the clock shows `hour`:00 UTC, after `now`. */
export function nextDigestAt(now: Date, hour: number): Date {
  const at = new Date(now);
  at.setUTCHours(hour, 0, 0, 0);
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

function seal(ctx: Pick<AppContext, 'sealer'>, payload: OutboxPayload): Buffer {
  return ctx.sealer.sealJson(payload, OUTBOX_PURPOSE);
}

/**
 * Writes alerts to the outbox in the caller's transaction (the event's): one row per staff
 * member with a verified address who has not turned this kind off, due now or at their digest
 * hour. Nothing when mail is off. Every row names its staff recipient and a report's reference,
 * sealed; no alert is ever to or about a reporter (docs/design.md "Email").
 */
export async function queueAlerts(ctx: MailContext, db: Executor, alerts: AlertInput[]) {
  if (!ctx.mailer || alerts.length === 0) return;
  const rows = await alertRows(ctx, db, alerts);
  await repo.insertOutboxRows(
    db,
    rows.map(({ userId: _, ...row }) => row),
  );
}

/**
 * The outbox rows of alerts to administrators, as `queueAlerts` writes them, for another
 * module's statement to write in its `with` over `adminAlertRowsSql`: its `alerts` parameter, or
 * null when there is no mailer or no row to write.
 */
export async function alertRowsParam(
  ctx: MailContext,
  db: Executor,
  alerts: AlertInput[],
): Promise<string | null> {
  if (!ctx.mailer || alerts.length === 0) return null;
  const rows = await alertRows(ctx, db, alerts);
  return rows.length > 0 ? repo.outboxRowsParam(rows) : null;
}

async function alertRows(
  ctx: MailContext,
  db: Executor,
  alerts: AlertInput[],
): Promise<(repo.NewOutboxRow & { userId: number })[]> {
  const recipients = await repo.findRecipients(db, [
    ...new Set(alerts.map((alert) => alert.userId)),
  ]);
  const byId = new Map(recipients.map((recipient) => [recipient.userId, recipient]));
  const now = (ctx.clock ?? systemClock).now();
  const rows: (repo.NewOutboxRow & { userId: number })[] = [];
  for (const alert of alerts) {
    const recipient = byId.get(alert.userId);
    if (!recipient?.address) continue;
    const mode = modeOf(recipient.preferences, alert.kind);
    if (mode === 'off') continue;
    const isDigest = mode === 'digest';
    rows.push({
      userId: alert.userId,
      kind: alert.kind,
      digestTag: isDigest ? ctx.hash(DIGEST_TAG_PURPOSE, alert.userId) : null,
      nextAttemptAt: isDigest ? nextDigestAt(now, recipient.digestHour) : now,
      payload: seal(ctx, {
        to: { userId: alert.userId },
        item: { kind: alert.kind, reference: alert.reference ?? null, title: alert.title ?? null },
      }),
    });
  }
  return rows;
}

/**
 * A message to one address (verification, a changed address, a reset link, the decision on an
 * application made without an account), due now. `text` is the decision's own words.
 */
export async function queueAddressMail(
  ctx: MailContext,
  db: Executor,
  kind: 'verify_address' | 'address_changed' | 'password_reset' | 'access_decision',
  address: string,
  link: string | null,
  text?: string,
  /** The account's language, when the address is an account's (docs/api.md "Languages"). */
  language?: Language | null,
): Promise<void> {
  if (!ctx.mailer) return;
  await repo.insertOutboxRows(db, [
    {
      kind,
      digestTag: null,
      nextAttemptAt: (ctx.clock ?? systemClock).now(),
      payload: seal(ctx, {
        to: { address },
        link,
        ...(text === undefined ? {} : { text }),
        ...(language ? { language } : {}),
      }),
    },
  ]);
}

export type SendCounts = { sent: number; retried: number; failed: number; dropped: number };

type Group = { rows: repo.ClaimedRow[]; payloads: OutboxPayload[] };

function groupsOf(ctx: Pick<AppContext, 'sealer'>, claimed: repo.ClaimedRow[]): Group[] {
  const digests = new Map<string, Group>();
  const groups: Group[] = [];
  for (const row of claimed) {
    const payload =
      row.payload === null ? null : ctx.sealer.openJson<OutboxPayload>(row.payload, OUTBOX_PURPOSE);
    const group: Group = { rows: [row], payloads: payload ? [payload] : [] };
    if (row.digestTag === null) {
      groups.push(group);
      continue;
    }
    const known = digests.get(row.digestTag);
    if (known) {
      known.rows.push(row);
      known.payloads.push(...group.payloads);
    } else {
      digests.set(row.digestTag, group);
      groups.push(group);
    }
  }
  return groups;
}

/**
 * Whether an alert queued for `recipient` still goes to them as it is sent: a change to their
 * own access always does; anything about the work (a report's reference, and its title when
 * encrypted) only while they are still active staff. A digest waits up to a day and a refused
 * message longer: an administrator deactivated or revoked meanwhile, as staff who leave are,
 * hears nothing more of the reports they no longer handle.
 */
function mayStillReceive(recipient: repo.MailRecipient, item: AlertItem): boolean {
  return item.kind === 'access_changed' || recipient.isStaff;
}

/** The message a group becomes, or null when nobody can receive it any more. */
async function compose(
  ctx: MailContext,
  group: Group,
  recipients: Map<number, repo.MailRecipient>,
): Promise<OutgoingMail | null> {
  const mailer = ctx.mailer;
  const config = ctx.config?.mail;
  const [first] = group.payloads;
  const kind = group.rows[0]?.kind;
  if (!mailer || !config || !first || !kind) return null;
  const signIn = `${config.publicUrl}/login`;
  if ('address' in first.to) {
    const link = 'link' in first ? first.link : null;
    const language = ('language' in first ? first.language : null) ?? null;
    if (kind === 'verify_address' && link) {
      return {
        to: first.to.address,
        subject: subjectIn('Candor: confirm your email address', language),
        ...verifyAddressBody(link, language),
      };
    }
    if (kind === 'access_decision' && 'text' in first && first.text) {
      return {
        to: first.to.address,
        subject: subjectIn('Candor: your request for administrator access', language),
        ...accessDecisionBody(first.text, link ?? `${config.publicUrl}/become-admin`, language),
      };
    }
    if (kind === 'password_reset' && link) {
      return {
        to: first.to.address,
        subject: subjectIn('Candor: reset your password', language),
        ...passwordResetBody(link, language),
      };
    }
    return {
      to: first.to.address,
      subject: subjectIn('Candor: your email address was changed', language),
      ...addressChangedBody(signIn, language),
    };
  }
  const recipient = recipients.get(first.to.userId);
  if (!recipient?.address) return null;
  const items = group.payloads.flatMap((payload) =>
    'item' in payload && mayStillReceive(recipient, payload.item) ? [payload.item] : [],
  );
  if (items.length === 0) return null;
  if (recipient.pgpKey) {
    const encrypted = await encryptedMail(
      mailer.from,
      recipient.address,
      subjectIn(ALERT_SUBJECT, recipient.language),
      alertBody(items, signIn, true, recipient.language),
      recipient.pgpKey,
    );
    if (encrypted) return encrypted;
  }
  return {
    to: recipient.address,
    subject: subjectIn(ALERT_SUBJECT, recipient.language),
    ...alertBody(items, signIn, false, recipient.language),
  };
}

/**
 * Sends what is due at `now` (the scheduler's time): claims a batch (outbox.repository.ts
 * `claimDue`), sends each message (a digest gathers its recipient's due alerts into one), and
 * removes what the server accepted. A refused message is tried again after a wait that doubles
 * each time (MAIL_RETRY_SECONDS, then twice that...), and after MAIL_MAX_ATTEMPTS tries is kept
 * as failed, with nothing of it left, and counted (`candor_mail_failed_total`,
 * `candor_mail_outbox{state="failed"}`). Alerts whose recipient no longer has a verified address
 * are dropped, and so are alerts about the work to someone no longer active staff
 * (`mayStillReceive`).
 */
export async function sendDueMail(
  ctx: SendContext,
  now: Date = ctx.clock.now(),
  signal?: AbortSignal,
): Promise<SendCounts> {
  const counts: SendCounts = { sent: 0, retried: 0, failed: 0, dropped: 0 };
  const mailer = ctx.mailer;
  const config = ctx.config.mail;
  if (!mailer || !config) return counts;
  for (;;) {
    if (signal?.aborted) break;
    const claimed = await repo.claimDue(ctx.db, now, CLAIM_LEASE_MS, BATCH);
    if (claimed.length === 0) break;
    const groups = groupsOf(ctx, claimed);
    const userIds = groups.flatMap((group) =>
      group.payloads.flatMap((payload) => ('userId' in payload.to ? [payload.to.userId] : [])),
    );
    const recipients = new Map(
      (await repo.findRecipients(ctx.db, [...new Set(userIds)])).map((r) => [r.userId, r]),
    );
    const sendGroup = async (group: Group) => {
      const ids = group.rows.map((row) => row.id);
      const kind = group.rows.length > 1 ? 'digest' : (group.rows[0]?.kind ?? 'digest');
      const mail = await compose(ctx, group, recipients);
      if (!mail) {
        await repo.deleteRows(ctx.db, ids);
        counts.dropped += ids.length;
        return;
      }
      try {
        await mailer.send(mail);
        await repo.deleteRows(ctx.db, ids);
        ctx.metrics.mailSent.inc({ kind });
        counts.sent += 1;
      } catch (error) {
        ctx.metrics.mailRefused.inc({ kind });
        const attempts = Math.max(...group.rows.map((row) => row.attempts));
        if (attempts >= config.maxAttempts) {
          await repo.markFailed(ctx.db, ids);
          ctx.metrics.mailFailed.inc({ kind }, ids.length);
          counts.failed += ids.length;
          ctx.log.warn({ error: errorSummary(error), kind }, 'mail failed after its last try');
        } else {
          const wait = config.retryBaseMs * 2 ** (attempts - 1);
          await repo.retryLater(ctx.db, ids, new Date(now.getTime() + wait));
          counts.retried += ids.length;
          ctx.log.info({ error: errorSummary(error), kind, attempts }, 'mail refused: will retry');
        }
      }
    };
    // As many messages on their way at once as the transport keeps connections (lib/mail.ts).
    let next = 0;
    const sender = async () => {
      for (let group = groups[next++]; group; group = groups[next++]) await sendGroup(group);
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    if (claimed.length < BATCH) break;
  }
  return counts;
}

/** Sends the outbox every MAIL_SEND_INTERVAL_SECONDS; null when mail is off. */
export function mailOutboxJob(ctx: SendContext): JobDefinition | null {
  const interval = ctx.config.mail?.sendIntervalMs ?? 0;
  if (!ctx.mailer || interval <= 0) return null;
  return {
    name: 'mail-outbox',
    intervalMs: interval,
    leaseMs: CLAIM_LEASE_MS,
    async run({ now, signal }) {
      const counts = await sendDueMail(ctx, now, signal);
      return `sent ${counts.sent}, retried ${counts.retried}, failed ${counts.failed}, dropped ${counts.dropped}`;
    },
  };
}
