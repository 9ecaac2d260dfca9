import { type ChannelConnector, capabilitiesOf } from '../connector.js';
import { parseEmailDelivery } from './inbound-parse.js';
import { emailSender } from './outbound.js';

/**
 * Email (000 §4 EML): addresses of the business on Sapa's domains (`email-account.service.ts`). Mail arrives
 * at Sapa's own SMTP listener (`smtp-listener.ts`), not by webhook: the raw message and its files are stored,
 * then one `inbound_events` row per Message-ID (`email-intake.ts`), which the drain parses here like any
 * provider's delivery (`inbound-parse.ts`; a returned mail marks the email it returns failed). Replies go out
 * through the configured SMTP relay with `nodemailer`, threaded by In-Reply-To / References and the ticket
 * token in the subject (`outbound.ts`, `threading.ts`). No window, no templates, no read receipts.
 */
export const emailConnector: ChannelConnector = {
  code: 'EML',
  capabilities: capabilitiesOf('EML', { templates: false }),
  webhook: {
    secretOf: () => '',
    // No provider posts email to an HTTP webhook: the SMTP listener is the intake.
    verify: () => false,
    eventKeyOf: () => null,
    parse: parseEmailDelivery,
    accountAddressOf: () => null,
  },
  createSender: emailSender,
};
