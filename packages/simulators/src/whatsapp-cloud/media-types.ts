import { GraphFailure, invalidParam } from './graph-errors.js';
import { graphError } from './wire.js';

const KB = 1024;
const MB = 1024 * KB;

/**
 * Meta's supported media types and their size limits for `POST /{phone-number-id}/media` (Cloud API media
 * reference, "Supported media types"): audio 16 MB, documents 100 MB, images 5 MB, stickers (webp) 500 KB,
 * video 16 MB.
 */
const SUPPORTED_MEDIA: Readonly<Record<string, number>> = {
  'audio/aac': 16 * MB,
  'audio/amr': 16 * MB,
  'audio/mpeg': 16 * MB,
  'audio/mp4': 16 * MB,
  'audio/ogg': 16 * MB,
  'text/plain': 100 * MB,
  'application/vnd.ms-excel': 100 * MB,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * MB,
  'application/msword': 100 * MB,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * MB,
  'application/vnd.ms-powerpoint': 100 * MB,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * MB,
  'application/pdf': 100 * MB,
  'image/jpeg': 5 * MB,
  'image/png': 5 * MB,
  'image/webp': 500 * KB,
  'video/3gpp': 16 * MB,
  'video/mp4': 16 * MB,
};

/** Refuses an upload Meta would refuse: an unsupported type (#100) or a file over its type's limit (131053). */
export function checkUpload(mime: string, size: number): void {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  const max = SUPPORTED_MEDIA[base];
  if (max === undefined) {
    throw invalidParam(
      '(#100) Invalid parameter',
      `Param file must be a file with one of the following types: ${Object.keys(SUPPORTED_MEDIA).join(', ')}. Received file of type '${base}'.`,
    );
  }
  if (size > max) {
    throw new GraphFailure(
      400,
      graphError(
        131053,
        '(#131053) Media upload error',
        `The file is ${size} bytes; the limit for ${base} is ${max} bytes.`,
      ),
    );
  }
}
