import { ApiError } from '@/lib/api-client';
import { UnexpectedResponseError } from './api/register';
import { registrationErrorMessage } from './registration-error';

const REGISTRATION_FALLBACK = 'Registration failed. Please check your details and try again.';

const fail = (body: unknown) => new ApiError(400, body);

describe('registrationErrorMessage (as in the original product)', () => {
  it('prefers detail, then error, username, email and password', () => {
    expect(registrationErrorMessage(fail({ password: ['p'], detail: 'Throttled.' }))).toBe(
      'Registration failed: Throttled.',
    );
    expect(registrationErrorMessage(fail({ password: ['p'], error: 'Oops' }))).toBe(
      'Registration failed: Oops',
    );
    expect(
      registrationErrorMessage(fail({ password: ['p'], email: ['e'], username: ['Taken.'] })),
    ).toBe('Registration failed: Taken.');
    expect(registrationErrorMessage(fail({ password: ['p'], email: ['Bad email.'] }))).toBe(
      'Registration failed: Bad email.',
    );
  });

  it('joins lists with spaces', () => {
    expect(registrationErrorMessage(fail({ password: ['Too short.', 'Entirely numeric.'] }))).toBe(
      'Registration failed: Too short. Entirely numeric.',
    );
  });

  it("turns other objects into 'field: messages' pairs joined with '; '", () => {
    expect(
      registrationErrorMessage(fail({ first_name: ['Too long.'], last_name: ['Too long.'] })),
    ).toBe('Registration failed: first_name: Too long.; last_name: Too long.');
  });

  it('falls back when there is nothing to show', () => {
    expect(registrationErrorMessage(new ApiError(0, null))).toBe(REGISTRATION_FALLBACK);
    expect(registrationErrorMessage(fail({}))).toBe(REGISTRATION_FALLBACK);
    expect(registrationErrorMessage(new Error('x'))).toBe(REGISTRATION_FALLBACK);
  });

  it('reports an unexpected success status', () => {
    expect(registrationErrorMessage(new UnexpectedResponseError())).toBe(
      'Unexpected server response. Please try again.',
    );
  });
});
