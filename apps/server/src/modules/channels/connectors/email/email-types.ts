/** One file of an email, its bytes already in media storage under `key` (`<client id>/<uuid>`). */
export interface StoredEmailFile {
  key: string;
  filename: string | null;
  mime: string;
  size: number;
}

/** A returned mail (RFC 3464 delivery status notification) about one of Sapa's emails. */
export interface EmailBounce {
  /** The Message-ID of the email that came back. */
  originalMessageId: string;
  /** The DSN's `Status` (5.1.1, …) or `Action`. */
  status: string;
  diagnostic: string | null;
}

/**
 * What the SMTP listener stores in `inbound_events` for one email to one account (the raw message itself is
 * kept in media storage under `rawKey`, before this row is written). The connector's `parse` reads only this.
 */
export interface StoredEmail {
  /** Normalised `<id@host>`; the event key (a redelivery of the same Message-ID is stored once). */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: { address: string; name: string | null };
  to: string[];
  cc: string[];
  /** The Date header (ms), null when absent or unreadable. */
  date: number | null;
  text: string | null;
  html: string | null;
  attachments: StoredEmailFile[];
  rawKey: string;
  rawSize: number;
  bounce: EmailBounce | null;
}

/** What an email message carries in `messages.payload.email` (inbound and outbound), for the chat room. */
export interface EmailPayload {
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  messageId: string;
  html: string | null;
  attachments: { url: string; filename: string | null; mime: string; size: number }[];
}
