/**
 * What the other modules may read and change of an account's row, through this module's own
 * queries: its repositories stay private to it.
 */
export {
  findLanguages,
  findUserById,
  findUserByUsername,
  hasEnabledCredential,
  hasSuperuser,
  joinOrganizationAsMember,
  leaveOrganizationAsMember,
  lockStoredAccount,
  lockStoredRole,
  type NewUser,
  promoteOutsideOrganizations,
  setPasswordHash,
  type UserRow,
  updateUser,
} from './users.repository';
