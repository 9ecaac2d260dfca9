import type { Db } from '../../platform/db/database.js';
import { openWallet } from '../billing/index.js';
import { enrolMember, hashPassword } from '../identity/index.js';
import { createClient, type NewClient } from '../tenancy/index.js';

export type NewMember = MemberFields & ({ password: string } | { passwordHash: string });

interface MemberFields {
  email: string;
  name: string;
  phone?: string | null;
  /** A self-service owner: refused when the email already has an account (never joins an existing identity). */
  newIdentityOnly?: boolean;
  role: 'OWN' | 'ADC' | 'USC' | 'SAD';
  csPosition?: 'SPV1' | 'SPV2' | 'CS1' | 'CS2' | null;
  featureAccess?: string | null;
}

/**
 * Creates a business with its owner and any further members, and its chat-credit wallet, in one transaction.
 * A member whose email already exists joins with their existing identity (a multi-client user).
 */
export async function createBusiness(
  db: Db,
  input: NewClient & { chatCredit?: number; members: NewMember[] },
): Promise<{ clientId: string; userIds: Record<string, string> }> {
  const hashed = await Promise.all(
    input.members.map((m) => ('passwordHash' in m ? m.passwordHash : hashPassword(m.password))),
  );
  const userIds: Record<string, string> = {};
  const clientId = await db.transaction(async (tx) => {
    const id = await createClient(tx, input);
    await openWallet(tx, id, input.chatCredit ?? 0);
    for (const [i, member] of input.members.entries()) {
      const { email, name, phone, role, csPosition, featureAccess, newIdentityOnly } = member;
      userIds[email] = await enrolMember(tx, id, {
        ...{ email, name, phone, role, csPosition, featureAccess, newIdentityOnly },
        passwordHash: hashed[i]!,
      });
    }
    return id;
  });
  return { clientId, userIds };
}
