import { defineDrain } from '../../platform/jobs/job-queue.js';
import {
  closeDueChats,
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
    // Closes queued one job each before the drain took over (deployments upgrading) still run.
    automationAutoClose: defineAutomationJob(Q.autoClose, (d) => handleAutoClose(ctx, d)),
    automationAutoCloseDue: defineDrain({
      name: 'automation.auto-close-due',
      pollMs: 1_000,
      drain: () => closeDueChats(ctx),
    }),
    automationSurvey: defineAutomationJob(Q.survey, (d) => handleSurvey(ctx, d)),
    automationHoursOpen: defineAutomationJob(Q.hoursOpen, (d) => handleHoursOpen(ctx, d)),
  };
}
