import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_RETENTION_DAYS } from '@candor/contract/retention';
import { z } from 'zod';
import { defaultMediaWorkers } from './lib/evidence/media-workers';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const TRUST_PROXY_TRUE =
  'must not be true: that trusts X-Forwarded-For from any client, so anyone could claim any ' +
  'address and escape every per-address limit. Give the number of proxies in front of Candor ' +
  '(for example 1), or their addresses or CIDR ranges (for example 10.0.0.0/8,127.0.0.1)';

function isCidrOrAddress(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Whom to believe about the client address (docs/operating.md "Behind a proxy"): nobody, the last `n`
 * hops, or the listed proxies. `true` is refused: it believes every client.
 */
function parseTrustProxy(
  value: string | undefined,
  ctx: z.RefinementCtx,
): false | number | string[] {
  if (value === undefined || ['false', 'no', '0'].includes(value.toLowerCase())) return false;
  if (['true', 'yes'].includes(value.toLowerCase())) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isCidrOrAddress(entry));
  if (bad.length > 0 || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxies or a list of proxy addresses or CIDR ranges; not understood: ${bad.join(', ') || value}`,
    });
    return z.NEVER;
  }
  return entries;
}

/** Every environment variable the server reads; `.env.example` documents each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  OWNER_HASH_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ENCRYPTION_KEYS: optionalString,
  ENCRYPTION_KEY_ID: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  OWNER_QUEUE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  AUDIT_CHAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  WS_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(30_000),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(10),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(50_000_000),
  MEDIA_WORKERS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a whole number from 1 to 64' })
      .int('must be a whole number from 1 to 64')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .optional(),
  ),
  EVIDENCE_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  ACKNOWLEDGE_WITHIN_DAYS: z.coerce.number().int().min(1).max(7).default(7),
  FEEDBACK_WITHIN_MONTHS: z.coerce.number().int().min(1).max(3).default(3),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_RETENTION_DAYS),
  RETENTION_PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  API_DOCS: booleanString.default(true),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(24, 'must be at least 24 characters (a long random value)').optional(),
  ),
  DEADLINE_REMINDER_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  SCHEDULER_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  UPLOADS_DIR: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString.default(true),
  REDIS_URL: optionalString.pipe(z.url().optional()),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WRITE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(5),
  REQUIRE_STAFF_2FA: booleanString.default(false),
  INTAKE_REPORTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  INTAKE_REPORTS_PER_ORGANIZATION_PER_HOUR: z.coerce.number().int().min(1).default(200),
  VOICE_PREVIEWS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  INTAKE_PROOF_OF_WORK: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  TRACK_FAILURES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  TRACK_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  TRACK_SESSION_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
  TRUST_PROXY: optionalString.transform(parseTrustProxy),
  CORS_ORIGINS: optionalString,
  WEB_DIST_DIR: optionalString,
  SUPERUSER_USERNAME: optionalString,
  SUPERUSER_PASSWORD: optionalString,
  SUPERUSER_EMAIL: optionalString.pipe(z.email().optional()),
  SUPPORT_EMAIL: z.email().default('support@candor.example'),
  SUPPORT_PHONE: z.string().default('+1 (555) 010-0199'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalString.pipe(
    z
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
      .optional(),
  ),
  SMTP_HOST: optionalString,
  SMTP_PORT: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65535).optional(),
  ),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_TLS: z.enum(['starttls', 'implicit', 'none']).default('starttls'),
  MAIL_FROM: optionalString,
  MAIL_SEND_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: z.coerce.number().int().min(1).default(5),
});

export type Env = z.input<typeof envSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl?: string;
  dataDir: string;
  database: { url?: string; poolSize: number };
  secrets: {
    jwt?: string;
    ownerHash?: string;
    /** `id:base64key` pairs; the first is current unless `encryptionKeyId` names one. */
    encryptionKeys?: string;
    encryptionKeyId?: string;
  };
  tokens: {
    accessTtlSeconds: number;
    refreshTtlDays: number;
    /** A rotated refresh token sent again this soon answers the same successor (two tabs). */
    refreshReuseGraceSeconds: number;
  };
  /**
   * The platform's legal periods (docs/design.md "The legal clock"): acknowledge within
   * `acknowledgeDays`, give feedback within `feedbackMonths`; organisations may set shorter ones.
   */
  /** `reminderIntervalMs`: how often deadline notices are sent (0: never). */
  deadlines: { acknowledgeDays: number; feedbackMonths: number; reminderIntervalMs: number };
  /**
   * Closed reports (resolved, rejected, cancelled) are purged this many days after they closed
   * (modules/retention); an organisation may set fewer days, never more. The purge job runs
   * every `purgeIntervalMs` (0: never).
   */
  retention: { days: number; purgeIntervalMs: number };
  /** `GET /api/metrics/` answers only with this bearer token; unset: 404 (docs/operating.md "Metrics"). */
  metricsToken?: string;
  /** `/api/openapi.json` and `/api/docs` are served; off, both answer 404 (docs/api.md "The API"). */
  isApiDocsOn: boolean;
  /** How often this process looks for due scheduled jobs (0: it runs none by itself). */
  scheduler: { tickMs: number };
  /**
   * The longest a kept answer of a busy read is used while nothing it shows has changed (0: none
   * are kept; lib/read-cache.ts).
   */
  readCacheMs: number;
  /**
   * How often the owner queue is applied (modules/owners/owner-queue.ts): the changes an event
   * about an anonymous report makes to its reporter's index wait at most this long. 0: never
   * (tests apply it themselves).
   */
  ownerQueueIntervalMs: number;
  /** How often this process links the audit rows written since (0: never; modules/audit). */
  auditChainIntervalMs: number;
  /** Live notification sockets: a ping every `heartbeatMs`; a socket that missed a pong is dropped. */
  live: { heartbeatMs: number };
  /**
   * `sweepIntervalMs`: how often stored files no report references are removed (0: never).
   * `mediaWorkers`: videos and HEIC photos processed at once by this process (worker threads).
   */
  uploads: {
    maxBytes: number;
    maxImagePixels: number;
    sweepIntervalMs: number;
    mediaWorkers: number;
  };
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  redisUrl?: string;
  rateLimits: {
    authPerMinute: number;
    writePerMinute: number;
    /** Login requests per address a minute, successes included: loose (a school shares one). */
    loginPerMinute: number;
    /** Failed logins per account, and per address, in a window of `loginFailureWindowMs`. */
    loginFailuresPerAccount: number;
    loginFailuresPerAddress: number;
    loginFailureWindowMs: number;
  };
  /**
   * Reports without an account (modules/intake, docs/protection.md "Reporting without an account"): filings
   * per address and per organisation an hour; the proof of work's largest counter (the work is
   * between a quarter of it and all of it); /track failures per address and in all an hour; how
   * long a /track session lasts.
   */
  intake: {
    perAddressPerHour: number;
    perOrganizationPerHour: number;
    proofOfWorkMaxCounter: number;
    trackFailuresPerAddress: number;
    trackFailuresGlobal: number;
    trackFailureWindowMs: number;
    trackSessionSeconds: number;
  };
  /**
   * Second factor for staff (modules/two-factor, docs/operating.md "Second factor"): whether administrators
   * and the superuser must enrol before their role applies; wrong codes per account in a window.
   */
  twoFactor: { isRequiredForStaff: boolean; failuresPerAccount: number; failureWindowMs: number };
  /** Voice messages (modules/voice): listen-backs per address an hour (each costs a worker). */
  voice: { previewsPerAddressPerHour: number };
  /** Fastify's `trustProxy`: false, a hop count, or proxy addresses and CIDR ranges. */
  trustProxy: false | number | string[];
  corsOrigins: string[];
  webDistDir: string;
  superuser?: { username: string; password: string; email?: string };
  support: { email: string; phone: string };
  logLevel: string;
  /**
   * Email to staff (modules/mail, docs/operating.md "Email"): off (undefined) when no SMTP server is
   * configured. Sent from the outbox every `sendIntervalMs` (0: never by itself); a message is
   * tried `maxAttempts` times, waiting `retryBaseMs` doubled after each refusal.
   */
  mail?: MailConfig;
  /** Reset links asked for, per account and per address, an hour. */
  passwordResetsPerHour: number;
};

export type SmtpTransport =
  | { url: string }
  | {
      host: string;
      port: number;
      tls: 'starttls' | 'implicit' | 'none';
      user?: string;
      password?: string;
    };

export type MailConfig = {
  smtp: SmtpTransport;
  from: string;
  /** Where links in mail lead: PUBLIC_URL. */
  publicUrl: string;
  sendIntervalMs: number;
  maxAttempts: number;
  retryBaseMs: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once, at start; reports every bad variable together. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR);

  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET: required when STORAGE_DRIVER is s3');
  }
  if ((env.SUPERUSER_USERNAME === undefined) !== (env.SUPERUSER_PASSWORD === undefined)) {
    problems.push('SUPERUSER_USERNAME and SUPERUSER_PASSWORD: set both or neither');
  }
  const isMailOn = env.SMTP_URL !== undefined || env.SMTP_HOST !== undefined;
  if (env.SMTP_URL !== undefined && env.SMTP_HOST !== undefined) {
    problems.push('SMTP_URL and SMTP_HOST: set one or the other');
  }
  if (isMailOn && !env.MAIL_FROM) {
    problems.push('MAIL_FROM: required when SMTP_URL or SMTP_HOST is set');
  }
  if (isMailOn && !env.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required when SMTP_URL or SMTP_HOST is set (links in mail)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL,
    dataDir,
    database: { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE },
    secrets: {
      jwt: env.JWT_SECRET,
      ownerHash: env.OWNER_HASH_SECRET,
      encryptionKeys: env.ENCRYPTION_KEYS,
      encryptionKeyId: env.ENCRYPTION_KEY_ID,
    },
    tokens: {
      accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
    },
    live: { heartbeatMs: env.WS_HEARTBEAT_INTERVAL_MS },
    scheduler: { tickMs: env.SCHEDULER_TICK_SECONDS * 1000 },
    retention: {
      days: env.RETENTION_DAYS,
      purgeIntervalMs: env.RETENTION_PURGE_INTERVAL_MINUTES * 60_000,
    },
    metricsToken: env.METRICS_TOKEN,
    isApiDocsOn: env.API_DOCS,
    readCacheMs: env.READ_CACHE_MS,
    ownerQueueIntervalMs: env.OWNER_QUEUE_SECONDS * 1000,
    auditChainIntervalMs: env.AUDIT_CHAIN_MS,
    deadlines: {
      acknowledgeDays: env.ACKNOWLEDGE_WITHIN_DAYS,
      feedbackMonths: env.FEEDBACK_WITHIN_MONTHS,
      reminderIntervalMs: env.DEADLINE_REMINDER_INTERVAL_MINUTES * 60_000,
    },
    uploads: {
      maxBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
      maxImagePixels: env.MAX_IMAGE_PIXELS,
      sweepIntervalMs: env.EVIDENCE_SWEEP_INTERVAL_MINUTES * 60_000,
      mediaWorkers: env.MEDIA_WORKERS ?? defaultMediaWorkers(),
    },
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET as string,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', dir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')) },
    redisUrl: env.REDIS_URL,
    rateLimits: {
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
      writePerMinute: env.RATE_LIMIT_WRITE_PER_MINUTE,
      loginPerMinute: env.RATE_LIMIT_LOGIN_PER_MINUTE,
      loginFailuresPerAccount: env.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAddress: env.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
      loginFailureWindowMs: 15 * 60_000,
    },
    intake: {
      perAddressPerHour: env.INTAKE_REPORTS_PER_ADDRESS_PER_HOUR,
      perOrganizationPerHour: env.INTAKE_REPORTS_PER_ORGANIZATION_PER_HOUR,
      proofOfWorkMaxCounter: env.INTAKE_PROOF_OF_WORK,
      trackFailuresPerAddress: env.TRACK_FAILURES_PER_ADDRESS_PER_HOUR,
      trackFailuresGlobal: env.TRACK_FAILURES_PER_HOUR,
      trackFailureWindowMs: 60 * 60_000,
      trackSessionSeconds: env.TRACK_SESSION_MINUTES * 60,
    },
    voice: { previewsPerAddressPerHour: env.VOICE_PREVIEWS_PER_ADDRESS_PER_HOUR },
    twoFactor: {
      isRequiredForStaff: env.REQUIRE_STAFF_2FA,
      failuresPerAccount: env.RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT,
      failureWindowMs: 15 * 60_000,
    },
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [],
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    superuser:
      env.SUPERUSER_USERNAME && env.SUPERUSER_PASSWORD
        ? {
            username: env.SUPERUSER_USERNAME,
            password: env.SUPERUSER_PASSWORD,
            email: env.SUPERUSER_EMAIL,
          }
        : undefined,
    support: { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE },
    logLevel: env.LOG_LEVEL,
    mail: isMailOn
      ? {
          smtp: env.SMTP_URL
            ? { url: env.SMTP_URL }
            : {
                host: env.SMTP_HOST as string,
                port: env.SMTP_PORT ?? (env.SMTP_TLS === 'implicit' ? 465 : 587),
                tls: env.SMTP_TLS,
                user: env.SMTP_USER,
                password: env.SMTP_PASSWORD,
              },
          from: env.MAIL_FROM as string,
          publicUrl: (env.PUBLIC_URL as string).replace(/\/+$/, ''),
          sendIntervalMs: env.MAIL_SEND_INTERVAL_SECONDS * 1000,
          maxAttempts: env.MAIL_MAX_ATTEMPTS,
          retryBaseMs: env.MAIL_RETRY_SECONDS * 1000,
        }
      : undefined,
    passwordResetsPerHour: env.RATE_LIMIT_PASSWORD_RESETS_PER_HOUR,
  };
}
