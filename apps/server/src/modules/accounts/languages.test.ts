import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe("error answers in the request's language", () => {
  it('sends the same status and shape, with the texts in Spanish, German or Arabic', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    const spanish = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing/',
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    });
    expect(english.statusCode).toBe(404);
    expect(spanish.statusCode).toBe(404);
    expect(english.body).toBe('{"detail":"Not found."}');
    expect(spanish.json()).toEqual({ detail: 'No se ha encontrado.' });

    const arabic = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.statusCode).toBe(401);
    expect(arabic.headers['www-authenticate']).toBe('Bearer');
    expect(arabic.json()).toEqual({ detail: 'لم تُقدَّم بيانات الدخول.' });
  });

  it('translates every field error, including those with a number in them', async () => {
    const payload = {
      username: '',
      email: 'not-an-address',
      password: 'a-good-passphrase',
      first_name: 'x'.repeat(151),
      extra: 1,
    };
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/register/',
      payload,
    });
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/register/',
      payload,
      headers: { 'accept-language': 'de' },
    });
    expect(german.statusCode).toBe(english.statusCode);
    expect(english.statusCode).toBe(400);
    const en = english.json() as Record<string, string[]>;
    const de = german.json() as Record<string, string[]>;
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const field of Object.keys(en)) expect(de[field]).toHaveLength(en[field]?.length ?? 0);
    expect(en.username).toEqual(['This field is required.']);
    expect(de.username).toEqual(['Dieses Feld ist erforderlich.']);
    expect(de.email).toEqual(['Geben Sie eine gültige E-Mail-Adresse ein.']);
    expect(de.extra).toEqual(['Dieses Feld ist nicht erlaubt.']);
    expect(en.first_name).toEqual(['Ensure this field has no more than 150 characters.']);
    expect(de.first_name).toEqual(['Dieses Feld darf höchstens 150 Zeichen lang sein.']);
  });

  it('leaves English byte for byte as it was when the header names no language of Candor', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/accounts/login/', payload: {} });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: {},
      headers: { 'accept-language': 'ja, zh;q=0.8' },
    });
    expect(other.statusCode).toBe(plain.statusCode);
    expect(other.body).toBe(plain.body);
  });
});

describe("the account's language", () => {
  it('is null until chosen, then saved and returned; a bad value is a 400 field error', async () => {
    const user = await createUser(t);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: user.headers,
    });
    expect(before.json().language).toBeNull();

    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { language: 'pt' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('pt');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: user.headers,
    });
    expect(after.json()).toMatchObject({ username: user.username, language: 'pt' });

    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { language: 'xx' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ language: ['Choose one of: en, es, fr, de, pt, ar.'] });

    const viaPut = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { username: user.username, email: `${user.username}@example.test`, language: 'ar' },
    });
    expect(viaPut.statusCode).toBe(200);
    expect(viaPut.json().language).toBe('ar');
    const badPut = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: {
        username: user.username,
        email: `${user.username}@example.test`,
        language: 'en-GB',
      },
    });
    expect(badPut.statusCode).toBe(400);
    expect(Object.keys(badPut.json())).toEqual(['language']);

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { language: null },
    });
    expect(cleared.json().language).toBeNull();
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/profile/',
      payload: { language: 'es' },
    });
    expect(response.statusCode).toBe(401);
  });
});
