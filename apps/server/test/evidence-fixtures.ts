import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { BadRequestError } from '../src/lib/errors';

const FIXTURES = new URL('./fixtures/evidence/', import.meta.url);

/** A committed evidence fixture (see fixtures/evidence/README.md for how each was made). */
export function readEvidenceFixture(name: string): Buffer {
  return readFileSync(new URL(name, FIXTURES));
}

/** A phone photo as a reporter attaches it: a JPEG with GPS metadata the server strips. */
export const gpsPhoto = {
  name: 'IMG_0042.jpg',
  type: 'image/jpeg',
  data: readEvidenceFixture('photo-gps.jpg'),
};

/** Awaits a refusal and checks it is a 400, whatever else fails: never an unknown error. */
export async function expectBadRequest(work: Promise<unknown> | (() => unknown)) {
  let error: unknown;
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(BadRequestError);
  expect((error as BadRequestError).statusCode).toBe(400);
  return (error as BadRequestError).detail;
}
