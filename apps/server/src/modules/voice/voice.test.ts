import { VOICE_TOKEN_HEADER, VOICE_TYPE_MESSAGE } from '@candor/contract/voice';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { fileGuestReport, trackAs } from '../../../test/intake';
import { createReport, multipart, type UploadFile } from '../../../test/reports';
import { encodeRecording, speak, synthesized } from '../../../test/voice-fixtures';
import { reports, voiceRecordings } from '../../db/schema';
import { VOICE_SILENT_MESSAGE } from '../../lib/evidence/messages';
import { removeOrphanEvidence } from '../reports/evidence-cleanup';

/**
 * Voice messages through the routes: on a report (instead of its description), in the thread
 * of both kinds of reporter and of administrators, the listen-back, and what happens to their
 * files when a report goes.
 */
let t: TestApp;
let spokenWebm: Buffer;
beforeAll(async () => {
  t = await getTestApp();
  spokenWebm = await encodeRecording(
    await speak('This is a voice message about the audit.'),
    'webm',
  );
});

const voice = (data: Buffer = spokenWebm, type = 'audio/webm'): UploadFile => ({
  name: 'voice.webm',
  type,
  data: Buffer.from(data),
});

async function post(
  url: string,
  fields: Record<string, string>,
  file: UploadFile | undefined,
  headers = {},
) {
  const body = await multipart(fields, file, 'voice_recording');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const fileVoiceReport = (user: TestUser, fields: Record<string, string>, file?: UploadFile) =>
  post('/api/reports/', { title: 'Told to change the numbers', ...fields }, file, user.headers);

async function fetchLink(url: string, headers: Record<string, string> = {}) {
  const link = new URL(url, 'http://localhost');
  return t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers });
}

async function storedKeys(app: TestApp = t): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of app.app.ctx.storage.list()) keys.push(object.key);
  return keys.sort();
}

describe('a report with a voice message', () => {
  it('may have it instead of a description; the link plays it, a part at a time', async () => {
    const user = await createUser(t);
    const response = await fileVoiceReport(user, { description: '' }, voice());
    expect(response.statusCode).toBe(201);
    const report = response.json();
    expect(report.description).toBe('');
    expect(report.voice).toMatchObject({ mime: 'audio/webm' });
    expect(report.voice.duration_ms).toBeGreaterThan(1000);
    const file = await fetchLink(report.voice.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/webm');
    expect(file.headers['content-disposition']).toMatch(
      /^inline; filename="voice-message-\d+\.webm"$/,
    );
    const part = await fetchLink(report.voice.url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(file.rawPayload.subarray(0, 100));
    // The same report read again, by its owner, carries it too.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${report.id}/`,
      headers: user.headers,
    });
    expect(again.json().voice.duration_ms).toBe(report.voice.duration_ms);
  });

  it('may have it beside the description and an evidence file', async () => {
    const user = await createUser(t);
    const form = new FormData();
    form.append('title', 'Both');
    form.append('description', 'Written as well.');
    form.append(
      'file_upload',
      new Blob([readEvidenceFixture('photo-gps.jpg')], { type: 'image/jpeg' }),
      'p.jpg',
    );
    form.append(
      'voice_recording',
      new Blob([Buffer.from(spokenWebm)], { type: 'audio/webm' }),
      'v.webm',
    );
    const encoded = new Response(form);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/',
      headers: { ...user.headers, 'content-type': encoded.headers.get('content-type') as string },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ description: 'Written as well.', file_kind: 'image' });
    expect(response.json().voice).not.toBeNull();
  });

  it('without a description or a voice message is refused as before', async () => {
    const user = await createUser(t);
    const response = await fileVoiceReport(user, { description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ description: ['This field is required.'] });
  });

  it.each([
    [
      'a picture sent as audio/webm',
      () => voice(readEvidenceFixture('photo-gps.jpg')),
      VOICE_TYPE_MESSAGE,
    ],
    [
      'text sent as audio/ogg',
      () => voice(Buffer.from('not a recording at all'), 'audio/ogg'),
      VOICE_TYPE_MESSAGE,
    ],
    ['silence', async () => voice(await synthesized('silence', 4, 'webm')), VOICE_SILENT_MESSAGE],
  ])('refuses %s with a 400 that says why, and keeps nothing', async (_name, make, detail) => {
    const user = await createUser(t);
    const before = await storedKeys();
    const title = `Refused ${Math.random()}`;
    const response = await fileVoiceReport(
      user,
      { title, description: 'Also written.' },
      await make(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect(await storedKeys()).toEqual(before);
    expect(await t.database.db.select().from(reports).where(eq(reports.title, title))).toEqual([]);
  });

  it('refuses a recording over the upload limit with a 413, and keeps nothing', async () => {
    const small = await buildTestApp({ env: { MAX_UPLOAD_MB: '0.05' } });
    try {
      const user = await createUser(small);
      const before = await storedKeys(small);
      const body = await multipart(
        { title: 'Too large', description: '' },
        voice(await encodeRecording(await speak(`${'A long message. '.repeat(20)}`), 'wav')),
        'voice_recording',
      );
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/reports/',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().detail).toMatch(/^The file is too large/);
      expect(await storedKeys(small)).toEqual(before);
    } finally {
      await small.app.close();
    }
  });
});

describe('the listen-back', () => {
  async function preview(file: UploadFile) {
    const response = await post('/api/voice/preview/', {}, file);
    expect(response.statusCode).toBe(200);
    return { data: response.rawPayload, token: response.headers[VOICE_TOKEN_HEADER] as string };
  }

  it('sent back with its token is kept exactly as it was heard', async () => {
    const heard = await preview(voice());
    const user = await createUser(t);
    const response = await fileVoiceReport(
      user,
      { description: '', voice_token: heard.token },
      { name: 'preview.webm', type: 'audio/webm', data: Buffer.from(heard.data) },
    );
    expect(response.statusCode).toBe(201);
    expect((await fetchLink(response.json().voice.url)).rawPayload).toEqual(heard.data);
  });

  it('a token does not let other bytes through undisguised: they are disguised anew', async () => {
    const heard = await preview(voice());
    const user = await createUser(t);
    const response = await fileVoiceReport(
      user,
      { description: '', voice_token: heard.token },
      voice(),
    );
    expect(response.statusCode).toBe(201);
    const kept = (await fetchLink(response.json().voice.url)).rawPayload;
    expect(kept).not.toEqual(heard.data);
    expect(kept.includes(spokenWebm.subarray(400, 448))).toBe(false);
  });

  it('refuses what is not a recording, and any other field or file', async () => {
    const refused = await post('/api/voice/preview/', {}, voice(Buffer.from('plain text')));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: VOICE_TYPE_MESSAGE });
    const extra = await post('/api/voice/preview/', { title: 'x' }, voice());
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ title: ['This field is not allowed.'] });
    const empty = await post('/api/voice/preview/', {}, undefined);
    expect(empty.statusCode).toBe(400);
  });
});

describe('voice messages in the thread', () => {
  it('come in order with the text ones, for the reporter and the administrator, each playable', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const report = await createReport(t, owner);
    const text = (user: TestUser, message: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/reports/${report.id}/comments/`,
        headers: user.headers,
        payload: { message },
      });
    const spoken = (user: TestUser, fields: Record<string, string> = {}) =>
      post(`/api/reports/${report.id}/comments/voice/`, fields, voice(), user.headers);

    expect((await text(owner, 'First, in writing.')).statusCode).toBe(201);
    const reply = await spoken(admin, { is_feedback: 'true' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ message: '', is_sender_admin: true, is_feedback: true });
    expect((await spoken(owner, { message: 'And a few words beside it.' })).statusCode).toBe(201);
    expect((await text(admin, 'Thank you.')).statusCode).toBe(201);

    for (const viewer of [owner, admin]) {
      const thread = (
        await t.app.inject({
          method: 'GET',
          url: `/api/reports/${report.id}/comments/`,
          headers: viewer.headers,
        })
      ).json();
      expect(
        thread.map((m: { message: string; voice: unknown }) => [m.message, m.voice !== null]),
      ).toEqual([
        ['First, in writing.', false],
        ['', true],
        ['And a few words beside it.', true],
        ['Thank you.', false],
      ]);
      for (const message of thread.filter((m: { voice: unknown }) => m.voice)) {
        const file = await fetchLink(message.voice.url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('audio/webm');
      }
    }
  });

  it('refuses an empty voice message, an internal note from a reporter, and a stranger', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    const url = `/api/reports/${report.id}/comments/voice/`;
    const none = await post(url, { message: 'no recording' }, undefined, owner.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ voice_recording: ['Record a voice message to send.'] });
    const stranger = await post(url, {}, voice(), (await createUser(t)).headers);
    expect(stranger.statusCode).toBe(404);
    const internal = await post(url, { is_internal: 'true' }, voice(), owner.headers);
    expect(internal.statusCode).toBe(400);
    expect(internal.json()).toEqual({
      is_internal: ['Only administrators can write internal notes.'],
    });
  });

  it('reach a reporter without an account at /track, both ways', async () => {
    const { receipt } = await fileGuestReport(t, null);
    const { session, headers } = await trackAs(t, receipt);
    const sent = await post('/api/track/messages/voice/', {}, voice(), headers);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: '',
      is_sender_admin: false,
      display_sender_name: 'Anonymous reporter',
    });
    const notAllowed = await post(
      '/api/track/messages/voice/',
      { is_internal: 'true' },
      voice(),
      headers,
    );
    expect(notAllowed.statusCode).toBe(400);

    const admin = await createAdmin(t);
    const reply = await post(
      `/api/reports/${session.report.id}/comments/voice/`,
      {},
      voice(),
      admin.headers,
    );
    expect(reply.statusCode).toBe(201);
    const thread = (
      await t.app.inject({ method: 'GET', url: '/api/track/messages/', headers })
    ).json();
    expect(
      thread.map((m: { is_sender_admin: boolean; display_sender_name: string }) => [
        m.is_sender_admin,
        m.display_sender_name,
      ]),
    ).toEqual([
      [false, 'Anonymous reporter'],
      [true, 'Administrator'],
    ]);
    expect((await fetchLink(thread[1].voice.url)).statusCode).toBe(200);
  });
});

describe('voice files over a report’s life', () => {
  it('are kept by the sweep of unreferenced files, and removed with the report', async () => {
    const owner = await createUser(t);
    const report = (await fileVoiceReport(owner, { description: '' }, voice())).json();
    await post(`/api/reports/${report.id}/comments/voice/`, {}, voice(), owner.headers);
    const rows = await t.database.db
      .select({ key: voiceRecordings.storageKey })
      .from(voiceRecordings)
      .where(eq(voiceRecordings.reportId, report.id));
    expect(rows).toHaveLength(2);
    await removeOrphanEvidence(t.app.ctx, { minAgeMs: 0 });
    const kept = await storedKeys();
    for (const { key } of rows) expect(kept).toContain(key);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${report.id}/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await storedKeys();
    for (const { key } of rows) expect(after).not.toContain(key);
    expect((await fetchLink(report.voice.url)).statusCode).toBe(404);
  });

  it('a link that is not signed, or signed for another recording, finds nothing', async () => {
    const owner = await createUser(t);
    const report = (await fileVoiceReport(owner, { description: '' }, voice())).json();
    const link = new URL(report.voice.url, 'http://localhost');
    const id = Number(link.pathname.split('/')[3]);
    expect((await t.app.inject({ method: 'GET', url: `/api/voice/${id}/` })).statusCode).toBe(404);
    const other = `/api/voice/${id + 1}/${link.search}`;
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
    // An evidence link's signature does not open a voice message of the same number.
    const { signEvidenceLink } = await import('../../lib/file-links');
    const evidence = new URL(signEvidenceLink(t.app.ctx, id), 'http://localhost');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/voice/${id}/${evidence.search}` }))
        .statusCode,
    ).toBe(404);
  });
});
