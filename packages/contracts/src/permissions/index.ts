/** Spec 000 §6 / 001 §6: the permission model shared by server and web. */
export * from './access.js';
export * from './feature-access-role.js';
export * from './feature-string.js';
export * from './permissions.js';
