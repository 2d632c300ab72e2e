/**
 * What other modules may read and change of an account's row, through the accounts module's own
 * queries: its repositories stay private to it.
 */
export {
  findUserById,
  hasEnabledCredential,
  hasSuperuser,
  joinOrganizationAsMember,
  leaveOrganizationAsMember,
  lockStoredAccount,
  lockStoredRole,
  promoteOutsideOrganizations,
  updateUser,
} from './accounts.repository';
export { setPasswordHash } from './own-account.repository';
