import { join } from 'node:path';
import type { ServerDeps } from '../../platform/deps.js';
import { createLocalStorage, type Storage } from '../../platform/storage/storage.js';

const storages = new WeakMap<object, Storage>();

/** Chat media on local disk under DATA_DIR/media (one per process configuration). */
export function mediaStorage(deps: Pick<ServerDeps, 'config'>): Storage {
  let storage = storages.get(deps.config);
  if (!storage) {
    storage = createLocalStorage(join(deps.config.dataDir, 'media'));
    storages.set(deps.config, storage);
  }
  return storage;
}
