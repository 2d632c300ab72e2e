import { randomBytes } from 'node:crypto';
import type { VoiceMessage } from '@candor/contract/reports';
import { VOICE_MAX_SECONDS } from '@candor/contract/voice';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sealedFiles } from '../../db/sealed-columns';
import { NotFoundError } from '../../lib/errors';
import { disguiseVoice } from '../../lib/evidence/voice';
import { VOICE_EXTENSION, VOICE_MIME } from '../../lib/evidence/voice-plan';
import { fileLinks } from '../../lib/file-links';
import { errorSummary } from '../../lib/logger';
import * as repo from './voice.repository';
import { checkPreview, signPreview } from './voice-token';

/** Voice files are sealed like evidence files, under the same purpose (db/sealed-columns.ts). */
const VOICE_PURPOSE = sealedFiles.evidence.purpose;

const voiceLinks = fileLinks('voice.link', (id) => `/api/voice/${id}/`);

/** A disguised recording, ready to be kept: never the original. */
export type DisguisedRecording = { data: Buffer; durationMs: number };
export type StoredVoice = { key: string; size: number; durationMs: number };

/**
 * What the reporter heard, or a new disguise: a recording sent with the token of its preview is
 * the preview's own bytes, kept as they are; anything else is disguised now.
 */
export async function disguiseRecording(
  ctx: AppContext,
  recording: Buffer,
  token: unknown,
): Promise<DisguisedRecording> {
  const previewed = checkPreview(ctx, recording, token);
  if (previewed !== null) return { data: recording, durationMs: previewed };
  const disguised = await disguiseVoice(recording, { maxSeconds: VOICE_MAX_SECONDS });
  return { data: disguised.data, durationMs: disguised.durationMs };
}

/** The listen-back: the same disguise, answered and forgotten, with a token to send it as is. */
export async function previewRecording(ctx: AppContext, recording: Buffer) {
  const disguised = await disguiseVoice(recording, { maxSeconds: VOICE_MAX_SECONDS });
  return {
    data: disguised.data,
    durationMs: disguised.durationMs,
    token: signPreview(ctx, disguised.data, disguised.durationMs),
  };
}

/** Seals and stores a disguised recording; its row is written by the caller's transaction. */
export async function storeRecording(
  ctx: AppContext,
  voice: DisguisedRecording,
): Promise<StoredVoice> {
  const key = randomBytes(16).toString('hex');
  await ctx.storage.put(key, ctx.sealer.seal(voice.data, VOICE_PURPOSE));
  return { key, size: voice.data.length, durationMs: voice.durationMs };
}

/** Writes the row naming a stored recording: the report's own (no message) or a message's. */
export async function recordVoice(
  tx: Executor,
  stored: StoredVoice,
  owner: { reportId: number; messageId: number | null },
): Promise<void> {
  await repo.insertVoiceRecording(tx, {
    reportId: owner.reportId,
    messageId: owner.messageId,
    storageKey: stored.key,
    size: stored.size,
    durationMs: stored.durationMs,
  });
}

/**
 * Removes stored files whose rows are gone or never committed; a failure is left to the sweep of
 * unreferenced files (modules/reports/evidence-cleanup.ts).
 */
export async function removeVoiceFiles(ctx: AppContext, keys: string[], why: string) {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((cause: unknown) => {
      ctx.log.warn({ error: errorSummary(cause) }, `could not remove a voice file (${why})`);
    });
  }
}

/** The storage keys of every recording of these reports, read before they are deleted. */
export function voiceKeysOfReports(db: Executor, reportIds: number[]): Promise<string[]> {
  return repo.voiceKeysOfReports(db, reportIds);
}

/** A recording as payloads show it: a signed link, its length and type. */
export function toVoicePayload(
  ctx: Pick<AppContext, 'hash' | 'config'>,
  voice: { id: number; duration_ms: number } | null,
): VoiceMessage | null {
  if (!voice) return null;
  return { url: voiceLinks.sign(ctx, voice.id), duration_ms: voice.duration_ms, mime: VOICE_MIME };
}

/** The opened file behind a signed link; the signature is the permission, as for evidence. */
export async function getVoiceFile(
  ctx: AppContext,
  id: number,
  link: { expires?: unknown; signature?: unknown },
) {
  voiceLinks.check(ctx, { id, ...link });
  const key = await repo.findVoiceKey(ctx.db, id);
  if (!key) throw new NotFoundError();
  const data = ctx.sealer.open(await ctx.storage.get(key), VOICE_PURPOSE);
  return {
    data,
    mime: VOICE_MIME,
    filename: `voice-message-${id}.${VOICE_EXTENSION}`,
    size: data.length,
  };
}
