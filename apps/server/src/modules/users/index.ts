/** The public entry of users: the business's user administration. */
export { countMembers } from './users.repository.js';
export { managedUserIds, type UserDeletionGuard } from './users.service.js';
