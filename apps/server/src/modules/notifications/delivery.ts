import nodemailer from 'nodemailer';
import type { DeliveryConfig } from '../../platform/config.js';
import { sendMessage } from '../../platform/whatsapp/graph-client.js';

/** A message to a person (an OTP by email or WhatsApp), as the notification job carries it. */
interface Notification {
  channel: 'email' | 'whatsapp';
  recipient: string;
  subject: string;
  body: string;
  /** The one-time code in `body`, for channels that send it as a template parameter (WhatsApp). */
  code?: string | undefined;
  messageId: string;
}

/**
 * Sends a notification through the channel's provider; answers false when the channel has none configured
 * (the caller keeps it in the outbox). A provider failure throws an error that names neither the recipient nor
 * the content, so the job's retry record and the logs carry nothing personal.
 */
export type Deliver = (message: Notification) => Promise<boolean>;

export function createDelivery(config: DeliveryConfig, brandName: string): Deliver {
  const email = config.smtp ? smtpSender(config.smtp, brandName) : null;
  const whatsapp = config.whatsapp ? whatsappSender(config.whatsapp) : null;
  return async (message) => {
    const send = message.channel === 'email' ? email : whatsapp;
    if (!send) return false;
    await send(message);
    return true;
  };
}

function smtpSender(smtp: NonNullable<DeliveryConfig['smtp']>, brandName: string) {
  const transport = nodemailer.createTransport(smtp.url);
  const from = smtp.from ?? `${brandName} <no-reply@localhost>`;
  return async (message: Notification) => {
    try {
      await transport.sendMail({
        from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        messageId: `<${message.messageId}@sapa>`,
      });
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      throw new Error(`SMTP delivery failed (${code ?? 'error'}${responseCode ? ` ${responseCode}` : ''})`);
    }
  };
}

/**
 * WhatsApp from the platform's own number. Outside a customer-service window Meta takes only templates, so a
 * one-time code goes as the approved authentication template: the code as body parameter and as the
 * copy-code button's parameter. A message without a code goes as text (it reaches only an open window).
 */
function whatsappSender(platform: NonNullable<DeliveryConfig['whatsapp']>) {
  const number = { graphBaseUrl: platform.graphBaseUrl, phoneNumberId: platform.phoneNumberId };
  const token = { accessToken: platform.accessToken };
  return async (message: Notification) => {
    const content = message.code
      ? {
          type: 'template',
          template: {
            name: platform.otpTemplate,
            language: { code: platform.otpLanguage },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: message.code }] },
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: message.code }],
              },
            ],
          },
        }
      : { type: 'text', text: { preview_url: false, body: message.body } };
    const result = await sendMessage(number, token, message.recipient, content);
    if (!result.ok)
      throw new Error(`WhatsApp delivery failed (${result.code ?? result.status ?? 'network'})`);
  };
}
