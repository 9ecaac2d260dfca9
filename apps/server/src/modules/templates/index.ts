/** The public entry of templates: WhatsApp message templates (management, review webhooks, sends from the inbox). */

export {
  type AutomatedTemplateSkip,
  sendAutomatedTemplate,
  sendFollowUp,
  type TemplateSendJobs,
} from './template-sends.service.js';
export { applyTemplateWebhooks, TEMPLATE_WEBHOOK_FIELDS } from './template-webhooks.js';
export { findApprovedTemplate, insertTemplates, listApprovedTemplates } from './templates.repository.js';
export { registerTemplateRoutes } from './templates.routes.js';
