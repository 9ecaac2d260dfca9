/** Every Drizzle table of every module, for the typed query API. */
export * from './modules/access-roles/access-roles.schema.js';
export * from './modules/activity/activity.schema.js';
export * from './modules/billing/billing.schema.js';
export * from './modules/channels/channels.schema.js';
export * from './modules/contacts/contact-groups.schema.js';
export * from './modules/contacts/contacts.schema.js';
export * from './modules/conversations/conversations.schema.js';
export * from './modules/demo/demo.schema.js';
export * from './modules/identity/identity.schema.js';
export * from './modules/livechat/livechat.schema.js';
export * from './modules/templates/templates.schema.js';
export * from './modules/tenancy/tenancy.schema.js';
