import type { InboundMessage } from '../../../conversations/index.js';
import { mediaUrlOf } from '../../../conversations/index.js';
import { failure } from '../../outbound/outbound-sender.js';
import { emptyParsedDelivery, type ParsedDelivery, type StoredDelivery } from '../connector.js';
import type { EmailPayload, StoredEmail } from './email-types.js';
import { namedMessageIds, ticketNumberIn } from './threading.js';

/** The API path of a stored email file (`<client id>/<uuid>` → `/api/media/<client id>/<uuid>`). */
export function fileUrlOf(key: string): string {
  const [clientId, id] = key.split('/');
  return mediaUrlOf(clientId!, id!);
}

/** What the chat room shows of an email (`payload.email`): headers, the HTML (sanitised there), files. */
export function emailPayloadOf(email: StoredEmail): EmailPayload {
  return {
    subject: email.subject,
    from: email.from.address,
    to: email.to,
    cc: email.cc,
    messageId: email.messageId,
    html: email.html,
    attachments: email.attachments.map((a) => ({
      url: fileUrlOf(a.key),
      filename: a.filename,
      mime: a.mime,
      size: a.size,
    })),
  };
}

/**
 * A stored email in Sapa's shape: one inbound message from the sender's address (the contact's identity on
 * the account), its Message-ID the provider id (so a redelivery creates nothing), In-Reply-To naming the
 * message it answers; or, for a returned mail, the failed status of the email it returns.
 */
export function parseEmailDelivery(delivery: StoredDelivery, now: Date): ParsedDelivery {
  const parsed = emptyParsedDelivery();
  const email = delivery.raw as StoredEmail;
  if (email.bounce) {
    const { originalMessageId, status, diagnostic } = email.bounce;
    const error = failure('email.bounced', diagnostic ? `${status} ${diagnostic}` : status);
    parsed.statuses.push({
      status: {
        clientId: delivery.clientId,
        channelAccountId: delivery.channelAccountId,
        ref: { providerMessageId: originalMessageId },
        status: 'failed',
        error,
      },
      provider: {
        clientId: delivery.clientId,
        channelAccountId: delivery.channelAccountId,
        providerMessageId: originalMessageId,
        status: 'failed',
        at: now,
        error,
        callbackKey: null,
      },
    });
    return parsed;
  }
  if (!email.from?.address) return parsed;
  parsed.messages.push({
    clientId: delivery.clientId,
    channel: 'EML',
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: email.from.address, name: email.from.name },
    providerMessageId: email.messageId,
    type: 'text',
    text: email.text?.trim() || email.subject || null,
    payload: { email: emailPayloadOf(email) },
    replyToProviderId: email.inReplyTo,
    // The thread it continues: the ticket of an email it names, else the ticket of its subject's token.
    thread: {
      providerMessageIds: namedMessageIds(email.inReplyTo, email.references ?? []),
      displayNumber: ticketNumberIn(email.subject),
    },
    at: email.date && email.date <= now.getTime() ? new Date(email.date) : now,
  } satisfies InboundMessage);
  return parsed;
}
