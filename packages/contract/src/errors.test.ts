import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToErrorBody } from './errors';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues;
};

describe('issuesToErrorBody', () => {
  const schema = z.strictObject({
    title: z.string().min(1, 'This field is required.').max(3, 'Too long.'),
    owner: z.strictObject({ name: z.string('Name required.') }),
  });

  it('answers one list of messages per field, by the first segment of the path', () => {
    expect(issuesToErrorBody(issuesOf(schema, { title: '', owner: {} }))).toEqual({
      title: ['This field is required.'],
      owner: ['Name required.'],
    });
  });

  it('names a refused key, under its parent when nested', () => {
    expect(
      issuesToErrorBody(issuesOf(schema, { title: 'ok', owner: { name: 'a', x: 1 }, extra: 2 })),
    ).toEqual({
      'owner.x': ['This field is not allowed.'],
      extra: ['This field is not allowed.'],
    });
  });

  it('answers {detail} when only the input as a whole is wrong', () => {
    expect(issuesToErrorBody(issuesOf(schema, 'text'))).toEqual({
      detail: 'Invalid input: expected object, received string',
    });
  });

  it('puts whole-input messages under non_field_errors beside field errors', () => {
    expect(
      issuesToErrorBody([
        { code: 'custom', path: [], message: 'Choose one.' },
        { code: 'custom', path: ['title'], message: 'Too long.' },
        { code: 'custom', path: ['title'], message: 'Not a title.' },
      ]),
    ).toEqual({ title: ['Too long.', 'Not a title.'], non_field_errors: ['Choose one.'] });
  });
});
