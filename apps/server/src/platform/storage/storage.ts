import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Where media bytes live: local disk for one machine, memory in tests (an object store later). */
export interface Storage {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; mime: string } | null>;
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
  };
}
