/** The public entry of activity: user consent and the page-visit tracker. */
export { CONSENT_CHANGED_TOPIC, type ConsentChanged, consentOf } from './activity.service.js';
