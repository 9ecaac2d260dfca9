import { metaMessagingConnector } from '../meta-messaging/connector.js';
import { INSTAGRAM } from '../meta-messaging/platform.js';

/**
 * Instagram DM (000 §4 IGM): an Instagram professional account connected with its id, the Page access token and
 * the app secret; webhooks `object: instagram`, customers by IGSID, reads as `messaging_seen`, story replies and
 * mentions. Attachments follow 000 §5's Instagram limits (the contracts' table). Everything else is the Meta
 * messaging core shared with Messenger (`meta-messaging/`).
 */
export const instagramConnector = metaMessagingConnector(INSTAGRAM);
