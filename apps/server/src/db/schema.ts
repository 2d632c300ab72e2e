import { accessRequestStatuses } from '@candor/contract/access-requests';
import {
  accessRequestTypes,
  organizationTypes,
  plans,
  reportCategories,
  reportStatuses,
  roles,
} from '@candor/contract/enums';
import { languages } from '@candor/contract/languages';
import { alertKinds } from '@candor/contract/mail';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  interval,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { utcToday } from '../lib/day';

/** Sealed (encrypted) values: see lib/crypto.ts. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * `column in ('a','b')` from one of the contract's lists, so a new value is one edit there (and a
 * generated migration).
 */
function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(','))})`;
}

/** Who wrote a message on a report (docs/design.md "Anonymity design"). */
export const messageSenderKinds = ['reporter', 'admin'] as const;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    type: text('type', { enum: organizationTypes }).notNull(),
    /** The applicant's statement, shown with the organisation's reports (as in the original product). */
    justification: text('justification').notNull().default(''),
    /** Members join with this code; stored as a keyed hash. */
    joinCodeHash: text('join_code_hash').unique(),
    /**
     * The current intake address `/o/{slug}/report`; earlier ones stay in organization_slugs. The
     * application derives it from the name (modules/intake/slugs.ts); a row inserted without one
     * gets an ASCII one from a trigger (migration 0008), which also records every slug taken.
     */
    slug: varchar('slug', { length: 80 }).notNull().default('').unique(),
    /** Whether its intake page takes reports from people without an account. */
    guestReportsEnabled: boolean('guest_reports_enabled').notNull().default(true),
    /** Shorter legal periods than the platform's (docs/design.md "The legal clock"); null: none. */
    acknowledgeDays: integer('acknowledge_days'),
    feedbackDays: integer('feedback_days'),
    /**
     * A shorter retention of closed reports than the platform's RETENTION_DAYS
     * (modules/retention); null: the platform's. Never longer: the server checks it when set.
     */
    retentionDays: integer('retention_days'),
    /**
     * Whether reporters choosing who reads their report see each handler's name beside the label
     * they chose (docs/design.md "Keeping a report from someone"); off unless its administrator
     * turns it on.
     */
    readerNamesShown: boolean('reader_names_shown').notNull().default(false),
    /** The language its intake page opens in for a visitor who chose none; null: theirs. */
    defaultLanguage: text('default_language', { enum: languages }),
    createdAt: createdAt(),
  },
  (t) => [
    check('organizations_type_check', isOneOf(t.type, organizationTypes)),
    check(
      'organizations_acknowledge_days_check',
      sql`${t.acknowledgeDays} is null or ${t.acknowledgeDays} between 1 and 7`,
    ),
    check(
      'organizations_feedback_days_check',
      sql`${t.feedbackDays} is null or ${t.feedbackDays} between 1 and 89`,
    ),
    check(
      'organizations_retention_days_check',
      sql`${t.retentionDays} is null or ${t.retentionDays} >= 1`,
    ),
  ],
);

/**
 * Every slug an organisation has had, the current one included, so a poster printed before a
 * rename keeps working. A slug never moves to another organisation.
 */
export const organizationSlugs = pgTable(
  'organization_slugs',
  {
    slug: varchar('slug', { length: 80 }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('organization_slugs_organization_idx').on(t.organizationId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    role: text('role', { enum: roles }).notNull().default('user'),
    plan: text('plan', { enum: plans }).notNull().default('free'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    /**
     * The UTC day the account last became an administrator; null while it is not one. Set by a
     * trigger whenever `role` turns to admin (migration 0018), whichever path promotes it.
     */
    adminSince: date('admin_since', { mode: 'string' }),
    /**
     * The UTC day the account joined its organisation; null while it belongs to none. Set by a
     * trigger whenever `organization_id` changes (migration 0037).
     */
    memberSince: date('member_since', { mode: 'string' }),
    /**
     * Access tokens carry the epoch they were signed in, and a token of an earlier epoch is
     * refused: logging out, a new password, a second factor turned on or reset and revoked access
     * move it on, so the 5-minute tokens already out stop working at once (sessions.service.ts).
     */
    tokenEpoch: integer('token_epoch').notNull().default(0),
    /**
     * Random, per account: part of the keyed tag of each of its anonymous reports
     * (modules/owners/owner-index.ts). Deleted with the account, so once the account is gone
     * nobody, not even with the server's keys, can match its reports to it again, and deleting
     * the account writes nothing on its reports.
     */
    ownerSalt: uuid('owner_salt').notNull().defaultRandom(),
    /**
     * How a handler (an administrator) is shown to reporters choosing who reads their report,
     * e.g. "Compliance officer"; null: "Administrator".
     */
    handlerLabel: varchar('handler_label', { length: 80 }),
    /**
     * The language the account reads Candor in: its notices, its alert mail (migration 0041).
     * Null: English.
     */
    language: text('language', { enum: languages }),
    /** UTC days, never instants (lib/day.ts): registration and the last change to the account. */
    createdAt: date('created_at', { mode: 'string' }).notNull().default(utcToday),
    updatedAt: date('updated_at', { mode: 'string' }).notNull().default(utcToday),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    check('users_role_check', isOneOf(t.role, roles)),
    check('users_plan_check', isOneOf(t.plan, plans)),
    check('users_language_check', sql`${t.language} is null or ${isOneOf(t.language, languages)}`),
    index('users_organization_idx').on(t.organizationId),
  ],
);

/**
 * One row per issued refresh token; a login's tokens share a family (docs/protection.md "Protecting reporters"). An account's
 * rows keep no instant finer than a day, so a dump cannot line a login up with a report
 * (docs/protection.md "Protecting reporters"): days are UTC dates, rotation and revocation are flags, and what the
 * reuse grace window needs (when the token was rotated, and its successor) is sealed.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first UTC day on which the token no longer works: issue time plus lifetime, rounded up. */
    expiresOn: date('expires_at', { mode: 'string' }).notNull(),
    createdOn: date('created_at', { mode: 'string' }).notNull().default(utcToday),
    isRotated: boolean('is_rotated').notNull().default(false),
    isRevoked: boolean('is_revoked').notNull().default(false),
    /** Sealed `{at, successor}` of the rotation, for the grace window; cleared once not needed. */
    rotation: bytea('rotation'),
    /** The login gave the account's second factor (modules/two-factor); its successors inherit it. */
    isSecondFactor: boolean('is_second_factor').notNull().default(false),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A staff account's authenticator (modules/two-factor). The TOTP secret is sealed, and so is the
 * last time step a code was accepted for (no replay): a step is an instant to 30 seconds, and an
 * account's rows keep none finer than a day in the clear (docs/protection.md "Protecting reporters"). A row whose
 * `is_enabled` is false is an enrolment not yet confirmed with a code.
 */
export const twoFactorCredentials = pgTable('two_factor_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: bytea('secret').notNull(),
  lastStep: bytea('last_step'),
  isEnabled: boolean('is_enabled').notNull().default(false),
});

/** One-time recovery codes, as keyed hashes (two-factor/recovery-codes.ts says why not argon2). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A report links to its owner by user id only when identified. An anonymous report carries only
 * `owner_hash`, a tag for that one report: an HMAC of the owner's id, the owner's salt and the
 * report's reference with a server secret, so two anonymous reports of one person share no value
 * (docs/protection.md). The owner finds them through `report_owner_index`.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    title: varchar('title', { length: 200 }).notNull(),
    category: text('category', { enum: reportCategories }).notNull().default('abuse'),
    status: text('status', { enum: reportStatuses }).notNull().default('pending'),
    priorityFlag: boolean('priority_flag').notNull().default(false),
    isAnonymous: boolean('is_anonymous').notNull().default(true),
    isPremiumReport: boolean('is_premium_report').notNull().default(false),
    /**
     * Null once the identified reporter deleted their account: the report stays for its case,
     * marked by `owner_account_deleted` (docs/api.md "Staff and accounts over time").
     */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerAccountDeleted: boolean('owner_account_deleted').notNull().default(false),
    ownerHash: text('owner_hash'),
    /**
     * No longer written: the owner's id, sealed, as reports kept it before notices to a reporter
     * were addressed to the report (migration 0026). Emptied by the conversion that gave owner
     * tags their salt; a later migration drops the column.
     */
    ownerSealed: bytea('owner_sealed'),
    /**
     * Filed without an account (modules/intake): no owner at all, not even a keyed hash; the
     * receipt in guest_receipts is the only way back to it.
     */
    isGuest: boolean('is_guest').notNull().default(false),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    description: bytea('description').notNull(),
    evidenceKey: text('evidence_key'),
    evidenceMime: text('evidence_mime'),
    evidenceSize: integer('evidence_size'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * The UTC day the report was closed (resolved, rejected or cancelled): its retention counts
     * from here (modules/retention). A day, not an instant: nothing is joined to it by time.
     */
    closedOn: date('closed_on', { mode: 'string' }),
    /**
     * The legal clock (docs/design.md "The legal clock"), computed by the server when the report
     * is filed and when it is acknowledged, and stored: a later change of the periods does not
     * rewrite these. `feedback_period` is the period that applied when the report was filed.
     */
    // The defaults (the law's longest periods from now) serve rows written by hand or by SQL; the
    // server always computes them.
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days'`),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    feedbackPeriod: interval('feedback_period').notNull().default(sql`interval '3 months'`),
    feedbackBy: timestamp('feedback_by', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days' + interval '3 months'`),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    /**
     * The one handler the case is assigned to (docs/api.md, `POST /api/admin/reports/{id}/assign/`), or null. Never its
     * reporter: the server refuses to assign a report to anyone who filed it.
     */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The first deadline not met yet; null once both are met or the report is cancelled. */
    nextDeadlineAt: timestamp('next_deadline_at', { withTimezone: true }).generatedAlwaysAs(
      sql`case when status = 'cancelled' then null when acknowledged_at is null then acknowledge_by when feedback_at is null then feedback_by end`,
    ),
  },
  (t) => [
    check('reports_category_check', isOneOf(t.category, reportCategories)),
    check('reports_status_check', isOneOf(t.status, reportStatuses)),
    check(
      'reports_owner_check',
      sql`(${t.isAnonymous} and ${t.ownerUserId} is null and not ${t.isGuest} and ${t.ownerHash} is not null) or (not ${t.isAnonymous} and not ${t.isGuest} and (${t.ownerUserId} is not null) <> ${t.ownerAccountDeleted} and ${t.ownerHash} is null) or (${t.isGuest} and ${t.isAnonymous} and ${t.ownerUserId} is null and ${t.ownerHash} is null and ${t.ownerSealed} is null)`,
    ),
    index('reports_owner_user_idx').on(t.ownerUserId),
    index('reports_assignee_idx').on(t.assigneeId),
    // Plain DESC (nulls first) so `order by submitted_at desc, id desc` reads the index as is.
    index('reports_submitted_at_idx').on(
      t.submittedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reports_status_submitted_idx').on(
      t.status,
      t.submittedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reports_organization_idx').on(
      t.organizationId,
      t.submittedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reports_next_deadline_idx').on(t.nextDeadlineAt, t.id),
    index('reports_closed_on_idx').on(t.closedOn).where(sql`${t.closedOn} is not null`),
  ],
);

/** The deadlines of a report's legal clock that reminders are about, and the notices sent. */
export const reminderDeadlines = ['acknowledge', 'feedback'] as const;
export const reminderNotices = ['soon', 'overdue', 'escalated'] as const;

/**
 * The deadline notices sent (modules/reports/deadline-reminders.ts): one row per report,
 * deadline and notice, inserted in the transaction that creates the notices, so the primary key
 * keeps a notice from ever being sent twice, whichever process runs the job and however often.
 * The day only (docs/protection.md "Protecting reporters"): a dump cannot line it up with anything by time.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    deadline: text('deadline', { enum: reminderDeadlines }).notNull(),
    notice: text('notice', { enum: reminderNotices }).notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull().default(utcToday),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.deadline, t.notice] }),
    check('deadline_reminders_deadline_check', isOneOf(t.deadline, reminderDeadlines)),
    check('deadline_reminders_notice_check', isOneOf(t.notice, reminderNotices)),
  ],
);

/**
 * How many reports fall in each group the analytics show, kept by a trigger on `reports` in the
 * same transaction as every insert, update and delete (migration 0004), so analytics read a few
 * rows instead of counting every report. `organization_key` is the organisation id, 0 for none.
 */
export const reportCounts = pgTable(
  'report_counts',
  {
    organizationKey: integer('organization_key').notNull(),
    status: text('status', { enum: reportStatuses }).notNull(),
    category: text('category', { enum: reportCategories }).notNull(),
    priorityFlag: boolean('priority_flag').notNull(),
    isAnonymous: boolean('is_anonymous').notNull(),
    /** One of 16: concurrent writers in one group rarely wait on each other (migration 0028). */
    slot: smallint('slot').notNull().default(0),
    total: integer('total').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'report_counts_pk',
      columns: [t.organizationKey, t.status, t.category, t.priorityFlag, t.isAnonymous, t.slot],
    }),
  ],
);

/**
 * The conversation on a report. A message the reporter writes is recorded as sent by
 * "the reporter": on an anonymous report `sender_user_id` stays null (docs/design.md "Anonymity design").
 */
export const reportMessages = pgTable(
  'report_messages',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    senderKind: text('sender_kind', { enum: messageSenderKinds }).notNull(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    isInternal: boolean('is_internal').notNull().default(false),
    /** An administrator's reply marked as feedback (the legal clock); never an internal note. */
    isFeedback: boolean('is_feedback').notNull().default(false),
    body: bytea('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('report_messages_sender_kind_check', isOneOf(t.senderKind, messageSenderKinds)),
    check(
      'report_messages_feedback_check',
      sql`not ${t.isFeedback} or (${t.senderKind} = 'admin' and not ${t.isInternal})`,
    ),
    index('report_messages_report_idx').on(t.reportId, t.sentAt),
  ],
);

/**
 * A voice message, disguised before it was stored (lib/voice): the report's own (`message_id`
 * null, beside or instead of its written description) or one message's. The file is sealed in
 * storage like evidence, under `storage_key`. No time of its own: the report's or the
 * message's is the one that counts, and a second instant would only be one more to match.
 */
export const voiceRecordings = pgTable(
  'voice_recordings',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => reportMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    size: integer('size').notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    uniqueIndex('voice_recordings_message_idx').on(t.messageId),
    uniqueIndex('voice_recordings_report_own_idx')
      .on(t.reportId)
      .where(sql`${t.messageId} is null`),
    check('voice_recordings_size_check', sql`${t.size} > 0 and ${t.durationMs} > 0`),
  ],
);

/**
 * How far each administrator has read a report's conversation: the id of the last message they
 * were shown, so their list can mark reports with an unread message from the reporter. Only an
 * administrator's reading is recorded, never a reporter's, and no time (docs/design.md "Anonymity design").
 */
export const reportReads = pgTable(
  'report_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.reportId] }),
    index('report_reads_report_idx').on(t.reportId),
  ],
);

/**
 * The receipt of a report filed without an account (docs/design.md "Receipts"): never the receipt
 * itself, only argon2id with a server pepper, and a short keyed lookup key that narrows the rows
 * to check without identifying one. `visit` is sealed: what the reporter had seen at their last
 * visit to /track, so the page can say what changed.
 */
export const guestReceipts = pgTable(
  'guest_receipts',
  {
    reportId: integer('report_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    lookupKey: varchar('lookup_key', { length: 16 }).notNull(),
    receiptHash: text('receipt_hash').notNull(),
    visit: bytea('visit'),
  },
  (t) => [index('guest_receipts_lookup_idx').on(t.lookupKey)],
);

/**
 * Where a user's anonymous reports are, so My Reports is one lookup whatever their number: one
 * row per user who filed anonymously, keyed by an HMAC of the user id (a dump cannot tell whose
 * row it is), holding, sealed, the list of their anonymous report ids and which of the notices
 * about them they have read. Each listed report is still checked against its own owner tag
 * before it is shown. Written only by the person's own actions and the owner queue, never in a
 * transaction that writes anything about one of their reports.
 */
export const reportOwnerIndex = pgTable('report_owner_index', {
  ownerKey: text('owner_key').primaryKey(),
  entries: bytea('entries').notNull(),
});

/**
 * Changes to owners' indexes that an event about an anonymous report calls for (a report
 * filed), sealed, written in the event's transaction and applied later by the owner-queue job
 * in transactions of their own, shuffled among others at a time not tied to the event
 * (modules/owners/owner-queue.ts): no transaction writes both a row about a person and a row
 * about one of their anonymous reports. Random ids, no times.
 */
export const ownerQueue = pgTable('owner_queue', {
  id: uuid('id').primaryKey().defaultRandom(),
  payload: bytea('payload').notNull(),
});

/**
 * Proof-of-work challenges already accepted (modules/intake/proof-of-work.ts), so each is
 * accepted once across every server process, with or without Redis: its signature (random, from
 * the server's own signing) and when it expires, after which the row is swept. Nothing about
 * who solved it.
 */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Conversions of stored rows that need the server's keys, so a migration cannot do them: a
 * migration inserts a row, the server does the work at its next start and removes the row.
 */
export const pendingConversions = pgTable('pending_conversions', {
  name: text('name').primaryKey(),
});

/**
 * Message, report id and report title are sealed together in `payload` (docs/protection.md). A
 * notice to the reporter of an anonymous report names no account: it is addressed to the report,
 * by `recipient_tag`, an HMAC of the report's id, so it belongs with the report's other rows and
 * two reports of one person share no value; its `created_at` is the UTC day only, the precise
 * time sealed in the payload. Its reporter finds it through their index, where what they have
 * read of it is kept too (`is_read` stays false). Every other notice is addressed to its
 * recipient's account.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipientTag: text('recipient_tag'),
    payload: bytea('payload').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_recipient_tag_idx').on(t.recipientTag, t.createdAt.desc().nullsFirst()),
    check(
      'notifications_recipient_check',
      sql`(${t.userId} is null) <> (${t.recipientTag} is null)`,
    ),
  ],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestType: text('request_type', { enum: accessRequestTypes }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    justification: text('justification').notNull(),
    organizationType: text('organization_type', { enum: organizationTypes }),
    organizationName: varchar('organization_name', { length: 200 }),
    status: text('status', { enum: accessRequestStatuses }).notNull().default('pending'),
    /** For applicants without an account: a keyed hash of the claim code they were shown. */
    claimCodeHash: text('claim_code_hash').unique(),
    claimedByUserId: integer('claimed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('access_requests_type_check', isOneOf(t.requestType, accessRequestTypes)),
    check('access_requests_status_check', isOneOf(t.status, accessRequestStatuses)),
    check(
      'access_requests_org_type_check',
      sql`${t.organizationType} is null or ${isOneOf(t.organizationType, organizationTypes)}`,
    ),
    uniqueIndex('access_requests_pending_user_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.userId} is not null`),
    uniqueIndex('access_requests_pending_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('access_requests_status_idx').on(t.status, t.submittedAt),
  ],
);

/** Contact form messages; the body is sealed as it may carry sensitive detail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: bytea('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/**
 * Append-only (docs/design.md "Tamper-evident audit"): a trigger refuses UPDATE, DELETE and TRUNCATE. An action by the
 * reporter of an anonymous report is recorded with a null actor.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * The chain (docs/design.md "Tamper-evident audit"): null when written, set about a second
     * later by the chainer (`audit_log_chain_pending`, migration 0029), under the lock of
     * `audit_chain`, from the previous row's hash and this row's canonical form; `chain_seq` is
     * the row's place in the chain.
     */
    prevHash: text('prev_hash'),
    hash: text('hash'),
    chainSeq: bigint('chain_seq', { mode: 'number' }),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('audit_log_chain_seq_idx').on(t.chainSeq),
    index('audit_log_unchained_idx').on(t.id).where(sql`${t.chainSeq} is null`),
  ],
);

/**
 * The head of the audit chain, one row: how many rows are chained, the last one's id and hash.
 * Only the chainer writes it, one at a time; it also shows rows removed from the end of the log.
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    id: integer('id').primaryKey(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [check('audit_chain_one_row', sql`${t.id} = 1`)],
);

/**
 * One sealed canary per encryption key that has ever been current, and a keyed hash of a fixed
 * value: at start they prove the configured keys still open the stored data (lib/key-check.ts).
 * Names are `seal:<key id>` and `owner-hash`. No times: nothing here is about a person.
 */
export const keyChecks = pgTable('key_checks', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
});

/** Outcomes a scheduled job's run records (docs/design.md "Scheduled jobs"). */
export const jobResults = ['ok', 'failed'] as const;

/**
 * One row per scheduled job, shared by every server process: the slot it runs at next, and how
 * its last run went. A process runs a slot only after moving `next_run_at` past it with a
 * conditional update, so each slot runs once whatever the number of processes, and the schedule
 * survives restarts. No row is about a person.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: text('name').primaryKey(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    /** Set while a run is in progress; a run older than the job's lease is taken for dead. */
    runningSince: timestamp('running_since', { withTimezone: true }),
    lastSlotAt: timestamp('last_slot_at', { withTimezone: true }),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    lastResult: text('last_result', { enum: jobResults }),
    /** A short summary of the last run (counts), or its error message: never identities. */
    lastDetail: text('last_detail'),
    runs: integer('runs').notNull().default(0),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    check(
      'scheduled_jobs_last_result_check',
      sql`${t.lastResult} is null or ${isOneOf(t.lastResult, jobResults)}`,
    ),
  ],
);

/**
 * Versions of what the kept reads show (lib/read-cache.ts, migration 0028): a key per report,
 * scope, account, reporter's notices and owner index row, each moved once by every transaction
 * that changes a row it stands for, as it commits. A scope's key is spread over slots. A key names
 * no more than the rows that move it: none joins a person to an anonymous report.
 */
export const readVersions = pgTable(
  'read_versions',
  {
    key: text('key').notNull(),
    slot: smallint('slot').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.slot] })],
);

/** Every alert a staff member can receive, then the messages that are not alerts. */
export const mailKinds = [
  ...alertKinds,
  'digest',
  'verify_address',
  'address_changed',
  'password_reset',
  'access_decision',
] as const;

/**
 * Mail waiting to be sent (modules/outbox/outbox.ts): written in the transaction of its event, sent
 * by the scheduler, removed once the server took it. Everything about the message (recipient,
 * references, links) is sealed in `payload`; the id is random, so ids give no order. An alert is
 * to a staff member and about a report's reference, never about its reporter (docs/design.md
 * "Email"). `digest_tag`, a keyed tag of the recipient, gathers a daily digest's alerts. A message
 * refused on its last try is kept as `failed`, its payload removed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: mailKinds }).notNull(),
    payload: bytea('payload'),
    digestTag: text('digest_tag'),
    state: text('state', { enum: ['pending', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Claimed by a sending pass until then (a crashed pass's claim runs out). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    check('mail_outbox_kind_check', isOneOf(t.kind, mailKinds)),
    check('mail_outbox_state_check', sql`${t.state} in ('pending', 'failed')`),
  ],
);

/**
 * A staff member's mail settings (modules/mail): the address they verified (mail goes there only
 * while it is still the account's email), the generation of their verification links, their
 * OpenPGP public key, and how they want each kind of alert. No instant: a row naming an account
 * keeps none (docs/design.md "Anonymity design").
 */
export const mailSettings = pgTable('mail_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  verifiedEmail: varchar('verified_email', { length: 254 }),
  linkEpoch: integer('link_epoch').notNull().default(0),
  pgpKey: text('pgp_key'),
  pgpFingerprint: text('pgp_fingerprint'),
  preferences: jsonb('preferences').$type<Record<string, string>>().notNull().default({}),
  /** The UTC hour of the daily digest. */
  digestHour: smallint('digest_hour').notNull().default(8),
});

/**
 * Handlers a reporter kept from a report (docs/design.md "Keeping a report from someone"). Each row names the report and
 * a handler by a keyed tag, HMAC(secret, handler id): never the reporter, and a dump reader (the
 * handler included) cannot tell whom a tag stands for without the server's secret.
 */
export const reportExclusions = pgTable(
  'report_exclusions',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    handlerTag: text('handler_tag').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.handlerTag] }),
    index('report_exclusions_tag_idx').on(t.handlerTag),
  ],
);

/**
 * An organisation's tags for its reports (docs/api.md "Tags and related reports"); the platform's
 * own when `organization_id` is null. The colour is one of the contract's palette.
 */
export const reportTags = pgTable(
  'report_tags',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    name: varchar('name', { length: 40 }).notNull(),
    colour: text('colour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per scope, whatever its case; the platform's tags are the scope `0`.
    uniqueIndex('report_tags_scope_name_idx').on(
      sql`coalesce(${t.organizationId}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/** Which tags a report carries. */
export const reportTagAssignments = pgTable(
  'report_tag_assignments',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => reportTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.tagId] }),
    index('report_tag_assignments_tag_idx').on(t.tagId),
  ],
);

/**
 * Two related reports of one scope (the same incident reported twice), stored once with the
 * smaller id first. Never shown to a reporter.
 */
export const reportLinks = pgTable(
  'report_links',
  {
    lowId: integer('low_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    highId: integer('high_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lowId, t.highId] }),
    index('report_links_high_idx').on(t.highId),
    check('report_links_order_check', sql`${t.lowId} < ${t.highId}`),
  ],
);
