import { createHash, timingSafeEqual } from 'node:crypto';
import { VOICE_TOKEN_HOURS } from '@candor/contract/voice';
import type { AppContext } from '../../context';

const PURPOSE = 'voice.preview';
const TOKEN_PATTERN = /^(\d{1,12})\.(\d{1,9})\.([0-9a-f]{64})$/;

function digestOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function mac(ctx: Pick<AppContext, 'hash'>, digest: string, expires: number, durationMs: number) {
  return ctx.hash(PURPOSE, `${digest}:${expires}:${durationMs}`);
}

/**
 * A token for a disguised preview: proof that these exact bytes came out of the disguise, and
 * their length, so the report or message can keep them as they are (the reporter then hears what
 * the administrator will hear). It names neither the shift nor the input, and is kept nowhere.
 */
export function signPreview(
  ctx: Pick<AppContext, 'hash'>,
  disguised: Buffer,
  durationMs: number,
  nowMs = Date.now(),
): string {
  const expires = Math.floor(nowMs / 1000) + VOICE_TOKEN_HOURS * 3600;
  return `${expires}.${durationMs}.${mac(ctx, digestOf(disguised), expires, durationMs)}`;
}

/**
 * The length of `data` when `token` was made for exactly these bytes and has not expired; null
 * otherwise (the file is then an original, disguised as any other).
 */
export function checkPreview(
  ctx: Pick<AppContext, 'hash'>,
  data: Buffer,
  token: unknown,
  nowMs = Date.now(),
): number | null {
  if (typeof token !== 'string') return null;
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const expires = Number(match[1]);
  const durationMs = Number(match[2]);
  const expected = Buffer.from(mac(ctx, digestOf(data), expires, durationMs));
  const given = Buffer.from(match[3] as string);
  if (!timingSafeEqual(given, expected) || expires * 1000 < nowMs || durationMs <= 0) return null;
  return durationMs;
}
