import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** A file an agent uploaded for a chat, ready to be sent as one message (000 §5, §9; 001 §5 chat media). */
export const uploadSchema = z.object({
  id: z.string().uuid(),
  /** 000 §9: the stored name, a timestamp prefix and the name with spaces replaced by underscores. */
  filename: z.string(),
  /** The content type read from the file's bytes. */
  mime: z.string(),
  kind: z.enum(['image', 'audio', 'video', 'document']),
  size: z.number().int(),
  /** Where the file is served to signed-in users of the business (the agent media route). */
  url: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** The multipart field that carries the file. */
export const UPLOAD_FILE_FIELD = 'file';

export const uploadEndpoints = {
  /**
   * 000 §7 upload (getLink + PUT) as one multipart POST with the field `file`: the type is read from the
   * bytes and checked against the ticket's channel. Needs the right to reply to the ticket.
   */
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/uploads',
    response: uploadSchema,
  }),
} as const;
