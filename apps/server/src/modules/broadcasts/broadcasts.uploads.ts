import type { RecipientSheetResult } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/http/errors.js';
import { assertUploadableSheet } from '../contacts/index.js';
import { mediaStorage } from '../conversations/index.js';
import { broadcastImageKey, checkBroadcastImage } from './broadcasts.image.js';
import * as repo from './broadcasts.repository.js';
import type { BroadcastHeaderMedia } from './broadcasts.schema.js';
import { readRecipientSheet } from './broadcasts.sheet.js';

// ---------------------------------------------------------------- recipient sheet

/** Problems listed in the answer; the rest are counted (`problemCount`). */
const SHEET_PROBLEMS_LISTED = 500;

/**
 * An uploaded recipient sheet (raw body): required, xlsx/xls/csv by name and content ('Invalid file
 * format'), at most 5 MB; its valid rows are kept for `recipients.sheetId`, its problems reported by row.
 */
export async function uploadRecipientSheet(
  deps: ServerDeps,
  auth: AuthContext,
  file: { bytes: Buffer; name: string },
): Promise<RecipientSheetResult> {
  assertUploadableSheet(file);
  const sheet = readRecipientSheet(file.bytes);
  if (!sheet.ok) throw badRequest(sheet.reason, { file: sheet.reason });
  const id = uuidv7();
  await repo.insertSheet(deps.db, { clientId: auth.clientId, id, createdBy: auth.userId, rows: sheet.rows });
  return {
    id,
    rows: sheet.rows.length,
    problems: sheet.problems.slice(0, SHEET_PROBLEMS_LISTED),
    problemCount: sheet.problems.length,
    skippedRows: new Set(sheet.problems.map((p) => p.row)).size,
    preview: sheet.rows.slice(0, 10),
  };
}

// ---------------------------------------------------------------- image

/** 001 §5: the broadcast image (raw body): jpeg or png, at most 2 MB and 500x500; kept for `imageId`. */
export async function uploadBroadcastImage(deps: ServerDeps, auth: AuthContext, bytes: Buffer) {
  const checked = checkBroadcastImage(bytes);
  if (!checked.ok) throw badRequest(checked.reason, { file: checked.reason });
  const id = uuidv7();
  await mediaStorage(deps).put(broadcastImageKey(auth.clientId, id), bytes, checked.mime);
  return { id, mime: checked.mime, size: bytes.length, width: checked.width, height: checked.height };
}

/**
 * The broadcast's header media: the uploaded image; else, for a template with a media header, the
 * template's sample media (WhatsApp refuses a media-header template sent without its header); a template
 * with a media header and neither is refused.
 */
export async function headerMediaOf(
  deps: ServerDeps,
  clientId: string,
  template: { headerType: string; headerMediaUrl: string | null },
  imageId: string | undefined,
): Promise<BroadcastHeaderMedia | null> {
  if (imageId) return imageOf(deps, clientId, imageId);
  const kind = template.headerType;
  if (kind !== 'image' && kind !== 'video' && kind !== 'document') return null;
  if (!template.headerMediaUrl)
    throw badRequest('broadcast.imageRequired', { imageId: 'broadcast.imageRequired' });
  return { link: template.headerMediaUrl, kind };
}

async function imageOf(deps: ServerDeps, clientId: string, imageId: string) {
  const storageKey = broadcastImageKey(clientId, imageId);
  const file = await mediaStorage(deps).get(storageKey);
  if (!file) throw badRequest('broadcast.imageNotFound', { imageId: 'broadcast.imageNotFound' });
  return { storageKey, mime: file.mime };
}
