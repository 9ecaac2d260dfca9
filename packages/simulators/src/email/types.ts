/** A file of a webmail message. */
export interface WebmailFile {
  id: string;
  filename: string;
  mime: string;
  size: number;
  bytes: Buffer;
}

/** One email the simulator holds: received from Sapa (`in`) or sent by a person to Sapa (`out`). */
export interface WebmailMessage {
  id: string;
  direction: 'in' | 'out';
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: string;
  fromName: string | null;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string | null;
  date: number;
  files: WebmailFile[];
  /** The raw headers of a received email (for tests: threading, Message-ID). */
  headers: Record<string, string>;
  /** A received email came over TLS (the relay used STARTTLS). */
  tls?: boolean;
}

/** What a person (or a test) sends to Sapa. */
export interface WebmailSend {
  from: string;
  fromName?: string;
  to: string;
  cc?: string;
  subject: string;
  text: string;
  /** The simulator's id of the message this one answers (its Message-ID goes in In-Reply-To / References). */
  replyTo?: string;
  /** Set a Message-ID (a redelivery test sends the same one twice); a new one by default. */
  messageId?: string;
  files?: { filename: string; mime: string; bytes: Buffer }[];
}

export interface MailSimulatorOptions {
  /** The webmail page's port (0: any free one). */
  port?: number;
  host?: string;
  publicUrl?: string;
  /** The simulator's SMTP server, where Sapa's relay delivers (0: any free one). */
  smtpPort?: number;
  /** Sapa's inbound SMTP listener, where the person's emails go. */
  sapaSmtp: { host: string; port: number };
  /** The addresses offered as "To" on the page (Sapa's email accounts). */
  sapaAddresses?: () => Promise<string[]> | string[];
  logger?: boolean;
}

export interface MailSimulator {
  /** The webmail page. */
  url: string;
  smtpPort: number;
  /** Sends an email to Sapa as a person would from the page; answers the stored message. */
  send(args: WebmailSend): Promise<WebmailMessage>;
  /** Every message held, oldest first. */
  messages(): WebmailMessage[];
  close(): Promise<void>;
}
