/**
 * The public entry of automation: business settings (profile and automatic chat), the automatic messages
 * (greetings, follow-up, auto close), opening hours in assignment, and the satisfaction survey.
 */

export { chatbotHolds } from './automation.chatbot.js';
export { automationTriggers } from './automation.engine.js';
export type { AutomationContext } from './automation.jobs.js';
export { registerAutomationRoutes } from './automation.routes.js';
export { ticketSurveys } from './automation.schema.js';
export { automationJobs } from './automation.worker.js';
