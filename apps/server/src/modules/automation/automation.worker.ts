import {
  handleAutoClose,
  handleFollowUp,
  handleHoursOpen,
  handleInbound,
  handleSurvey,
} from './automation.engine.js';
import { type AutomationContext, defineAutomationJob, AUTOMATION_QUEUES as Q } from './automation.jobs.js';

/** The automation's jobs for the worker (handed the channels' send job by app.ts). */
export function automationJobs(ctx: AutomationContext) {
  return {
    automationInbound: defineAutomationJob(Q.inbound, (d) => handleInbound(ctx, d)),
    automationFollowUp: defineAutomationJob(Q.followUp, (d) => handleFollowUp(ctx, d)),
    automationAutoClose: defineAutomationJob(Q.autoClose, (d) => handleAutoClose(ctx, d)),
    automationSurvey: defineAutomationJob(Q.survey, (d) => handleSurvey(ctx, d)),
    automationHoursOpen: defineAutomationJob(Q.hoursOpen, (d) => handleHoursOpen(ctx, d)),
  };
}
