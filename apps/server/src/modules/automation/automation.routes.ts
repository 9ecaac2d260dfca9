import { chatbotEndpoints, automationEndpoints as e } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { visibleTicketOf } from '../conversations/index.js';
import { listChatbots, saveChatbot } from './automation.chatbot.js';
import * as settings from './automation.settings.js';
import { saveSurveyRemarks } from './automation.survey.js';

/**
 * 001 §2 /setting/store [SETTING_STORE]: the business profile and the automatic chat (000 §7
 * csplatform/autoReply). Whoever may read the store settings reads them; owners and admins (UPDATE) change them.
 */
export function registerAutomationRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, e.getProfile, needs('SETTING_STORE', 'READ'), ({ request }) =>
    settings.getProfile(deps, requireAuth(request)),
  );
  route(r, e.updateProfile, needs('SETTING_STORE', 'UPDATE'), ({ body, request }) =>
    settings.updateProfile(deps, requireAuth(request), body),
  );
  route(r, e.getAutoChat, needs('SETTING_STORE', 'READ'), ({ request }) =>
    settings.getAutoChat(deps, requireAuth(request)),
  );
  route(r, e.updateAutoChat, needs('SETTING_STORE', 'UPDATE'), ({ body, request }) =>
    settings.updateAutoChat(deps, requireAuth(request), body),
  );
  // 001 §3 survey rating remarks: whoever works the inbox and sees the chat (the ticket-scoped visibility check).
  route(r, e.saveSurveyRemarks, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ body, request }) =>
    saveSurveyRemarks(deps, requireAuth(request), visibleTicketOf(request), body),
  );
  // 000 §2 /chatbot [WHATSAPP_CHATBOT]: the menu/keyword bot of each connected account.
  route(r, chatbotEndpoints.list, needs('WHATSAPP_CHATBOT', 'READ'), ({ request }) =>
    listChatbots(deps, requireAuth(request)),
  );
  route(r, chatbotEndpoints.save, needs('WHATSAPP_CHATBOT', 'UPDATE'), ({ body, params, request }) =>
    saveChatbot(deps, requireAuth(request), params.channelAccountId!, body),
  );
}
