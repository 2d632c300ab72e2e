import { describe, expect, it } from 'vitest';
import { matchText, placeholdersOf } from './server-texts';

const catalogue = {
  'Not found.': 'No se ha encontrado.',
  'At most {max} days.': 'Como máximo {max} días.',
  'At most {max} days (shorter than 3 months).': 'Como máximo {max} días (menos de 3 meses).',
  'A {status} report can only be moved to: {allowed}.': '…',
};

describe('matchText', () => {
  it('finds a text exactly, or by a key whose text around its variable parts is the same', () => {
    expect(matchText('Not found.', catalogue)).toEqual({ key: 'Not found.', values: {} });
    expect(matchText('At most 30 days.', catalogue)).toEqual({
      key: 'At most {max} days.',
      values: { max: 30 },
    });
    expect(matchText('At most 89 days (shorter than 3 months).', catalogue)?.key).toBe(
      'At most {max} days (shorter than 3 months).',
    );
    expect(
      matchText('A pending report can only be moved to: under_review, rejected.', catalogue),
    ).toEqual({
      key: 'A {status} report can only be moved to: {allowed}.',
      values: { status: 'pending', allowed: 'under_review, rejected' },
    });
  });

  it('finds nothing for any other text, and reads the text literally', () => {
    expect(matchText('Not found', catalogue)).toBeNull();
    expect(matchText('At most days.', catalogue)).toBeNull();
    expect(matchText('NotXfound.', catalogue)).toBeNull();
  });

  it('names the variable parts of a key', () => {
    expect(placeholdersOf('A {status} report can only be moved to: {allowed}.')).toEqual([
      'status',
      'allowed',
    ]);
  });
});
