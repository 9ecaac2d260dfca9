import { type TemplateInsight, templateInsightRates } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { getBroadcast } from './broadcasts.views.js';

/**
 * 001 §2 template insight of one campaign: the WhatsApp broadcast that sent the template, its totals as the
 * broadcast counts them (from the provider's status webhooks) and the delivered, read and failed rates.
 * A campaign of another business is a 404, like an unknown one.
 */
export async function getTemplateInsight(
  deps: ServerDeps,
  auth: AuthContext,
  campaignId: string,
): Promise<TemplateInsight> {
  const b = await getBroadcast(deps, auth, campaignId);
  return {
    campaignId: b.id,
    campaignCode: b.campaignCode,
    status: b.status,
    template: b.template,
    category: b.category,
    subCategory: b.subCategory,
    startedAt: b.startedAt,
    totals: b.totals,
    rates: templateInsightRates(b.totals),
  };
}
