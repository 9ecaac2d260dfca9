import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Where media bytes live: local disk for one machine, memory in tests (an object store later). */
export interface Storage {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; mime: string } | null>;
  /** Removes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9-]+(\/[A-Za-z0-9._-]+)*$/;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
}

/** Files under `dir` (e.g. DATA_DIR/media), the content type in a sidecar file. */
export function createLocalStorage(dir: string): Storage {
  const root = resolve(dir);
  return {
    async put(key, bytes, mime) {
      checkKey(key);
      const file = join(root, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await writeFile(`${file}.mime`, mime);
    },
    async get(key) {
      checkKey(key);
      const file = join(root, key);
      try {
        const [bytes, mime] = await Promise.all([readFile(file), readFile(`${file}.mime`, 'utf8')]);
        return { bytes, mime };
      } catch {
        return null;
      }
    },
    async remove(key) {
      checkKey(key);
      const file = join(root, key);
      await Promise.all([rm(file, { force: true }), rm(`${file}.mime`, { force: true })]);
    },
  };
}

export function createMemoryStorage(): Storage {
  const items = new Map<string, { bytes: Buffer; mime: string }>();
  return {
    async put(key, bytes, mime) {
      checkKey(key);
      items.set(key, { bytes, mime });
    },
    async get(key) {
      return items.get(key) ?? null;
    },
    async remove(key) {
      items.delete(key);
    },
  };
}

const dataStorages = new WeakMap<object, Map<string, Storage>>();

/** Local storage under DATA_DIR/<folder>, one per process configuration and folder. */
export function dataDirStorage(config: { dataDir: string }, folder: string): Storage {
  const byFolder = dataStorages.get(config) ?? new Map<string, Storage>();
  dataStorages.set(config, byFolder);
  const storage = byFolder.get(folder) ?? createLocalStorage(join(config.dataDir, folder));
  byFolder.set(folder, storage);
  return storage;
}
