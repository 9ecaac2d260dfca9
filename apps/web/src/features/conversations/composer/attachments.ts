import {
  type AttachmentKind,
  allowedAttachmentKinds,
  attachmentRuleOf,
  type ChannelCode,
  captionAllowed,
  checkAttachment,
  detectMime,
  emailAttachmentsExceeded,
  MAX_ATTACHMENTS,
  type MessageKey,
  storedFileName,
} from '@sapa/contracts';

/**
 * The composer's attachment rules (000 §5 limits by channel, §9 at most 20 and file names; 001 §5 chat
 * media), pure so they are tested without a browser: which picked files may go, and why the others may not.
 */

/** How many bytes of a file are read to recognise its type (the longest signature sits within them). */
export const HEAD_BYTES = 4100;

/** What the composer knows of a file before uploading it: its name, size and first bytes. */
export interface FileFacts {
  name: string;
  size: number;
  head: Uint8Array;
}

export interface AcceptedFile {
  index: number;
  kind: AttachmentKind;
  mime: string;
  /** 000 §9 preview of the stored name (the server sets the real timestamp). */
  storedName: string;
}

export interface RefusedFile {
  index: number;
  name: string;
  reason: MessageKey;
  params: (string | number)[];
}

/**
 * Sorts newly picked files (in order) into accepted and refused for the chat's channel, given how many are
 * already attached: the 21st and later go to the refused list with "at most 20"; on email, a file that would
 * take the email's total to 25 units (000 §5, bytes / 1,024,000; `alreadyBytes` attached so far) too.
 */
export function sortPickedFiles(
  channel: ChannelCode,
  files: readonly FileFacts[],
  alreadyAttached: number,
  now: number = Date.now(),
  alreadyBytes = 0,
): { accepted: AcceptedFile[]; refused: RefusedFile[] } {
  const accepted: AcceptedFile[] = [];
  const refused: RefusedFile[] = [];
  let total = alreadyBytes;
  files.forEach((file, index) => {
    const mime = detectMime(file.head, file.name);
    const check = checkAttachment({ channel, filename: file.name, mime, size: file.size });
    if (!check.ok) {
      refused.push({ index, name: file.name, reason: check.reason, params: check.params });
    } else if (alreadyAttached + accepted.length >= MAX_ATTACHMENTS) {
      refused.push({ index, name: file.name, reason: 'attachment.tooMany', params: [] });
    } else if (channel === 'EML' && emailAttachmentsExceeded(total + file.size)) {
      refused.push({ index, name: file.name, reason: 'email.attachmentsTooLarge', params: [] });
    } else {
      total += file.size;
      accepted.push({
        index,
        kind: check.kind,
        mime: check.mime,
        storedName: storedFileName(file.name, now),
      });
    }
  });
  return { accepted, refused };
}

/** Whether the channel takes any attachment at all (the attach button shows only then). */
export const channelTakesAttachments = (channel: ChannelCode) => allowedAttachmentKinds(channel).length > 0;

/** The file picker's `accept` hint for the channel (the real check is on the bytes). */
export function acceptOf(channel: ChannelCode): string | undefined {
  const kinds = allowedAttachmentKinds(channel);
  if (kinds.includes('document') && !attachmentRuleOf(channel, 'document')?.extensions) return undefined;
  return kinds
    .flatMap((kind) => {
      const ext = attachmentRuleOf(channel, kind)?.extensions;
      return ext ? ext.map((e) => `.${e}`) : [`${kind}/*`];
    })
    .join(',');
}

/** The caption goes on the first attachment that can carry one (audio cannot); null when none can. */
export function captionIndex(kinds: readonly AttachmentKind[]): number | null {
  const i = kinds.findIndex(captionAllowed);
  return i < 0 ? null : i;
}

/** A size for people: 532 B, 14 KB, 3.2 MB. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}
