import { sql } from 'drizzle-orm';

/**
 * Account-side instants are kept no finer than a UTC day (docs/protection.md "Protecting reporters", the dump
 * reader): an account that registered, logged in or changed its profile a minute before an
 * anonymous report was filed must not stand out in a dump.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC day as `YYYY-MM-DD`; `roundUp` moves any instant past midnight to the next day. */
export function utcDay(ms: number, roundUp = false): string {
  const day = roundUp ? Math.ceil(ms / DAY_MS) : Math.floor(ms / DAY_MS);
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's UTC day, as the database sees it (a `date` column's value or default). */
export const utcToday = sql`(now() at time zone 'utc')::date`;

/**
 * The UTC day from which a closed report is purged: the day it closed plus the retention that
 * applies to it (its organisation's, never longer than the platform's). Null while it is open.
 */
export function purgeDayOf(
  platformDays: number,
  closedOn: string | null,
  organizationDays: number | null,
): string | null {
  if (closedOn === null) return null;
  const days = Math.min(platformDays, organizationDays ?? platformDays);
  return utcDay(Date.parse(`${closedOn}T00:00:00Z`) + days * DAY_MS);
}
