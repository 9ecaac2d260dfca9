/**
 * The public entry of onboarding: a new business with its members and wallet. It sits above tenancy, identity
 * and billing so that none of them needs another to open a business.
 */
export { createBusiness, type NewMember } from './onboarding.service.js';
