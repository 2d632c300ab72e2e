import type { Role } from '@candor/contract/enums';
import type { Config } from '../../config';

export type StaffAccount = { role: Role; isSuperuser: boolean; hasTwoFactor: boolean };

/**
 * The role an account acts with for a login (docs/operating.md "Second factor"). Staff with a second factor
 * act as staff only on a login that gave it; staff without one, while REQUIRE_STAFF_2FA is on,
 * act as plain users until they enrol. Everyone else acts with their own role.
 */
export type Standing = {
  role: Role;
  isSuperuser: boolean;
  twoFactor?: 'verified' | 'enrolment_required';
  /** The staff role held back, or null when the account acts with its own role. */
  withheld: { role: Role; isSuperuser: boolean } | null;
};

export function isStaff(account: Pick<StaffAccount, 'role' | 'isSuperuser'>): boolean {
  return account.role === 'admin' || account.isSuperuser;
}

export function standingOf(
  config: Pick<Config, 'twoFactor'>,
  account: StaffAccount,
  isSecondFactorGiven: boolean,
): Standing {
  const own = { role: account.role, isSuperuser: account.isSuperuser };
  if (!isStaff(account)) return { ...own, withheld: null };
  if (account.hasTwoFactor && isSecondFactorGiven) {
    return { ...own, twoFactor: 'verified', withheld: null };
  }
  if (!account.hasTwoFactor && !config.twoFactor.isRequiredForStaff)
    return { ...own, withheld: null };
  return {
    role: 'user',
    isSuperuser: false,
    twoFactor: account.hasTwoFactor ? undefined : 'enrolment_required',
    withheld: own,
  };
}
