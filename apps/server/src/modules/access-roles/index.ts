/** The public entry of access roles: the named feature-access sets a business gives its users. */
export { findLiveAccessRole } from './access-roles.service.js';
