import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended cost (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the email is unknown keeps the answer time the same (no user enumeration by timing). */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('sapa-timing-equaliser-0');
  await verifyPassword(await dummyHash, password);
}

/** True when `password` matches any of the given earlier hashes (001 §5: a recently used password is rejected). */
export async function matchesAny(hashes: string[], password: string): Promise<boolean> {
  for (const h of hashes) if (await verifyPassword(h, password)) return true;
  return false;
}
