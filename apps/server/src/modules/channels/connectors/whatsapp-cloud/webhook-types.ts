/** The parts of a WhatsApp Cloud webhook delivery Sapa reads (reference/channel-protocols.md §1b, §1c). */
export interface WaWebhook {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: WaChangeValue }[] }[];
}

interface WaChangeValue {
  messaging_product?: string;
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: { profile?: { name?: string }; wa_id?: string }[];
  messages?: WaMessage[];
  statuses?: WaStatus[];
  errors?: WaError[];
}

export interface WaError {
  code?: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
}

interface WaMedia {
  id?: string;
  mime_type?: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
  url?: string;
}

export interface WaMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  context?: { from?: string; id?: string };
  text?: { body?: string };
  image?: WaMedia;
  audio?: WaMedia;
  video?: WaMedia;
  document?: WaMedia;
  sticker?: WaMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string; url?: string };
  contacts?: unknown[];
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
  };
  button?: { payload?: string; text?: string };
  reaction?: { message_id?: string; emoji?: string };
  /** A customer's cart sent from a catalogue, single- or multi-product message. */
  order?: {
    catalog_id?: string;
    text?: string;
    product_items?: {
      product_retailer_id?: string;
      quantity?: number;
      item_price?: number;
      currency?: string;
    }[];
  };
  errors?: WaError[];
}

export interface WaStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  /** Echo of the send's `biz_opaque_callback_data` (broadcast messages carry their key in it). */
  biz_opaque_callback_data?: string;
  errors?: WaError[];
}
