import { metaMessagingConnector } from '../meta-messaging/connector.js';
import { MESSENGER } from '../meta-messaging/platform.js';

/**
 * Facebook Messenger (000 §4 MSG): a Facebook Page connected with its Page access token and the app secret
 * (`meta-messaging/meta-account.service.ts`); webhooks `object: page`. Everything else is the Meta messaging
 * core shared with Instagram (`meta-messaging/`).
 */
export const messengerConnector = metaMessagingConnector(MESSENGER);
