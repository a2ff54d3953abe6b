/**
 * What other modules, the platform (tRPC, HTTP, tools) and tests may use of the identity module:
 * accounts, sessions, roles and permissions, and the member administration the admin console
 * composes. Everything else in this folder and its sub-folders (accounts/, passwords/, profile/,
 * two-factor/, members/) is internal (enforced by eslint/sahay-boundaries.js).
 */
export {
  createAccount,
  INVALID_REFERRAL,
  emailHash,
  findActiveMember,
  findUser,
  generateUserId,
  getCardHolder,
  getMe,
  getMemberCards,
  getPublicCard,
  countMembers,
  isEmailTaken,
  isEmailUniqueViolation,
  type CreateAccountInput,
  type MemberCard,
} from './accounts/accounts.ts';
export { PERMISSIONS, userStreamId, type AccountRegistered, type IdentityEvent, type Permission, type PersonalDetails, type Role } from './identity.events.ts';
export { canActFor, hasPermission, requiresTwoFactor, TWO_FACTOR_SETUP_REQUIRED } from './access.ts';
export { eraseContact, erasePerson, LAST_SUPER_ADMIN_ERASE } from './erasure/erase-person.ts';
export { getUserAccess, getUserContact, getUserNames } from './accounts/user-names.ts';
export { getFinanceStaffContacts, getSuperAdminContacts } from './accounts/finance-staff.ts';
export { getVerifiedEmail } from './confirmation/verified-email.ts';
export { logIn } from './accounts/login.ts';
export { resolveSession, SESSION_COOKIE, type SessionUser } from './accounts/sessions.ts';
export { SessionCache } from './accounts/session-cache.ts';
export { beginTotpSetup, confirmTotpSetup, getTotpStatus, resetTotpByAdmin } from './two-factor/admin-totp.ts';
export { getPayoutDetails } from './profile/profile.ts';
export { assertIfscsInList, bankNameOfIfsc } from './profile/ifsc-list.ts';
export {
  getMemberEntry,
  getMemberHistory,
  listCompanyDirects,
  pageCompanyDirects,
  LAST_SUPER_ADMIN,
  reactivateMember,
  searchMembers,
  suspendMember,
  setStaffPermissions,
  LAST_SUPER_ADMIN_RIGHTS,
} from './members/member-admin.ts';
export { inviteStaff, listStaffInvitations, withdrawStaffInvitation } from './staff/staff-invitations.ts';
export {
  ALREADY_SUSPENDED,
  CANNOT_REDUCE_OWN_RIGHTS,
  CANNOT_SUSPEND_SELF,
  decideRegisterAccount,
  EMAIL_TAKEN,
  ERASURE_STREAM_PREFIX,
  MEMBER_NOT_FOUND,
  NOT_SUSPENDED,
  OTHER_NAME_IN_DEVANAGARI,
  OTHER_NAME_IN_LATIN,
  PERMISSIONS_ONLY_STAFF,
  PERMISSIONS_ONLY_SUPER_ADMIN,
  PERMISSIONS_UNCHANGED,
  STATUS_CHANGE_NOT_ALLOWED,
  TOTP_NOT_ON,
  userStream,
  type PersonErased,
  type RegisterAccountCommand,
} from './user.decider.ts';
export { INVITATION_VALID_HOURS } from './staff/staff-invitation.decider.ts';
export { staffInvitationsErasurePart } from './staff/erase-staff-invitations.ts';
