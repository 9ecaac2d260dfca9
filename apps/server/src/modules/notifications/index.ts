/** The public entry of notifications: messages to people (one-time codes) and the outbox of undelivered ones. */
export { notifyThrough, sendNotificationJob } from './notifications.jobs.js';
export { listOutbox } from './outbox.js';
