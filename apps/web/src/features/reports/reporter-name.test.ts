import { reporterName } from './reporter-name';

describe('reporterName', () => {
  it('names the reporter of an identified report, never of an anonymous one', () => {
    expect(reporterName({ is_anonymous: false, submitted_by_username: 'ada' })).toBe('ada');
    expect(reporterName({ is_anonymous: true, submitted_by_username: null })).toBe('Anonymous');
  });

  it('says the account was deleted when an identified report has lost its reporter', () => {
    expect(reporterName({ is_anonymous: false, submitted_by_username: null })).toBe(
      'Account deleted',
    );
  });
});
