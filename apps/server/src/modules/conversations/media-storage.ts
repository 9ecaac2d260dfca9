import type { ServerDeps } from '../../platform/deps.js';
import { dataDirStorage, type Storage } from '../../platform/storage/storage.js';

/** Chat media on local disk under DATA_DIR/media (one per process configuration). */
export function mediaStorage(deps: Pick<ServerDeps, 'config'>): Storage {
  return dataDirStorage(deps.config, 'media');
}

/** The API path a stored media file is served from (`media.routes.ts`: authenticated, same business only). */
export const mediaUrlOf = (clientId: string, key: string) => `/api/media/${clientId}/${key}`;
