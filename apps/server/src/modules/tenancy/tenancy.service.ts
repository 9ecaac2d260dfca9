import { ALL_FEATURES_STRING } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../platform/db/database.js';
import { chatCreditWallets } from '../billing/billing.schema.js';
import { findUserByEmail, setPassword } from '../identity/identity.repository.js';
import { memberships, users } from '../identity/identity.schema.js';
import { hashPassword } from '../identity/passwords.js';
import { clients } from './tenancy.schema.js';

export interface NewMember {
  email: string;
  name: string;
  password: string;
  phone?: string | null;
  role: 'OWN' | 'ADC' | 'USC' | 'SAD';
  csPosition?: 'SPV1' | 'SPV2' | 'CS1' | 'CS2' | null;
  featureAccess?: string | null;
}

/**
 * Creates a business with its owner and any further members in one transaction. A member whose email
 * already exists joins with their existing identity (a multi-client user).
 */
export async function createBusiness(
  db: Db,
  input: {
    name: string;
    countryDefault?: string;
    planFeatures?: string;
    billingType?: string;
    accountStatus?: string;
    subscriptionPackage?: string | null;
    chatCredit?: number;
    members: NewMember[];
  },
): Promise<{ clientId: string; userIds: Record<string, string> }> {
  const clientId = uuidv7();
  const hashed = await Promise.all(input.members.map((m) => hashPassword(m.password)));
  const userIds: Record<string, string> = {};
  await db.transaction(async (tx) => {
    await tx.insert(clients).values({
      id: clientId,
      name: input.name,
      countryDefault: input.countryDefault ?? 'ID',
      planFeatures: input.planFeatures ?? ALL_FEATURES_STRING,
      billingType: input.billingType ?? 'PRE_PAID',
      accountStatus: input.accountStatus ?? 'Active',
      subscriptionPackage: input.subscriptionPackage ?? 'ENTERPRISE',
    });
    await tx.insert(chatCreditWallets).values({ clientId, balance: String(input.chatCredit ?? 0) });
    for (const [i, member] of input.members.entries()) {
      const existing = await findUserByEmail(tx, member.email);
      const userId = existing?.id ?? uuidv7();
      if (!existing) {
        await tx.insert(users).values({
          id: userId,
          email: member.email,
          name: member.name,
          phone: member.phone ?? null,
          passwordHash: hashed[i]!,
        });
        await setPassword(tx, userId, hashed[i]!);
      }
      await tx.insert(memberships).values({
        clientId,
        userId,
        role: member.role,
        csPosition: member.csPosition ?? null,
        featureAccess: member.featureAccess ?? null,
      });
      userIds[member.email] = userId;
    }
  });
  return { clientId, userIds };
}
