/**
 * One signed customer text message as each provider delivers it (reference/channel-protocols.md §2–§4): the
 * body and the headers that sign it. The text is the load generator's `bench#<seq>#<sent epoch ms>`; ids are
 * unique per sequence number so nothing is a redelivery. Used by `rate-generator.worker.ts`.
 */
import { createHmac } from 'node:crypto';

export type BenchChannel = 'WAP' | 'MSG' | 'IGM' | 'TLG' | 'LNE';

export interface WebhookTarget {
  channel: BenchChannel;
  /** WhatsApp: its signing app secret; Messenger/Instagram: the app secret; LINE: the channel secret;
   * Telegram: the webhook's secret token. Empty: unsigned (the bare baseline). */
  secret: string;
  /** The provider's id of the business account: WhatsApp's phone number id, the Page / Instagram account id,
   * LINE's bot user id (`destination`); Telegram: unused. */
  accountAddress: string;
}

const hmac = (secret: string, payload: Buffer, encoding: 'hex' | 'base64') =>
  createHmac('sha256', secret).update(payload).digest(encoding);

function whatsappBody(t: WebhookTarget, seq: number, customer: number, text: string) {
  const from = `62812${String(customer).padStart(7, '0')}`;
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba-bench',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '6281000', phone_number_id: t.accountAddress },
              contacts: [{ profile: { name: `Pelanggan ${from}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.BENCH${process.pid}x${seq}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

function metaBody(t: WebhookTarget, seq: number, customer: number, text: string) {
  const now = Date.now();
  return {
    object: t.channel === 'IGM' ? 'instagram' : 'page',
    entry: [
      {
        id: t.accountAddress,
        time: now,
        messaging: [
          {
            sender: { id: String(7_000_000_000_000 + customer) },
            recipient: { id: t.accountAddress },
            timestamp: now,
            message: { mid: `m_BENCH${process.pid}x${seq}`, text },
          },
        ],
      },
    ],
  };
}

function telegramBody(_t: WebhookTarget, seq: number, customer: number, text: string) {
  const user = { id: 500_000_000 + customer, is_bot: false, first_name: `Pelanggan ${customer}` };
  return {
    update_id: seq + 1,
    message: {
      message_id: seq + 1,
      from: user,
      chat: { id: user.id, type: 'private', first_name: user.first_name },
      date: Math.floor(Date.now() / 1000),
      text,
    },
  };
}

function lineBody(t: WebhookTarget, seq: number, customer: number, text: string) {
  return {
    destination: t.accountAddress,
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId: `U${customer.toString(16).padStart(32, '0')}` },
        webhookEventId: `01BENCH${process.pid}X${seq}`,
        deliveryContext: { isRedelivery: false },
        replyToken: `bench${process.pid}x${seq}`,
        message: { id: `${process.pid}${seq}`, type: 'text', quoteToken: `q${seq}`, text },
      },
    ],
  };
}

const BODIES = { WAP: whatsappBody, MSG: metaBody, IGM: metaBody, TLG: telegramBody, LNE: lineBody };

/** The signature header(s) of a payload as the provider sends them. */
function signatureOf(t: WebhookTarget, payload: Buffer): Record<string, string> {
  if (!t.secret) return {};
  if (t.channel === 'TLG') return { 'x-telegram-bot-api-secret-token': t.secret };
  if (t.channel === 'LNE') return { 'x-line-signature': hmac(t.secret, payload, 'base64') };
  return { 'x-hub-signature-256': `sha256=${hmac(t.secret, payload, 'hex')}` };
}

/** One customer message (`customer` picks one of the generator's rotating customers) as a signed delivery. */
export function signedDelivery(t: WebhookTarget, seq: number, customer: number, text: string) {
  const payload = Buffer.from(JSON.stringify(BODIES[t.channel](t, seq, customer, text)));
  return { payload, headers: signatureOf(t, payload) };
}
