/** The public entry of identity: people, their memberships of businesses, passwords and sessions. */
export { recordFailure, refuseWhileLocked, type ThrottlePolicy } from './attempt-throttle.js';
export {
  activeMemberOf,
  activeMembershipOf,
  belongsToAnotherBusiness,
  emailHasAccount,
  enrolMember,
  findMemberByEmail,
  requireOwnMembers,
  setUserPassword,
  userNameOf,
} from './identity.service.js';
export { publishIdentityChanged } from './me-cache.js';
export { hashPassword } from './passwords.js';
export { endAllSessions, openSession } from './sessions.js';
