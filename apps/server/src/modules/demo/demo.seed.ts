import { freeTrialEnd, periodEnd } from '@sapa/contracts';
import type { Db } from '../../platform/db/database.js';
import { createBusiness, type NewMember } from '../onboarding/index.js';
import { anyBusinessExists } from '../tenancy/index.js';
import { openWalletWithBalance } from '../wallet/index.js';
import { businessIdByName } from './demo.repository.js';
import { seedDemoTemplates } from './demo-templates.js';

/** The demo business a new user signs in to (README lists these accounts). */
export const DEMO_BUSINESS_NAME = 'Toko Sapa Demo';
export const DEMO_PASSWORD = 'sapademo123';
export const DEMO_MEMBERS: readonly NewMember[] = [
  {
    email: 'owner@demo.sapa.id',
    name: 'Owner Demo',
    phone: '6281200000001',
    role: 'OWN',
    password: DEMO_PASSWORD,
  },
  {
    email: 'admin@demo.sapa.id',
    name: 'Admin Demo',
    phone: '6281200000002',
    role: 'ADC',
    csPosition: 'SPV2',
    password: DEMO_PASSWORD,
  },
  {
    email: 'supervisor@demo.sapa.id',
    name: 'Supervisor Demo',
    phone: '6281200000003',
    role: 'USC',
    csPosition: 'SPV1',
    password: DEMO_PASSWORD,
  },
  {
    email: 'agent1@demo.sapa.id',
    name: 'Agen Satu',
    phone: '6281200000004',
    role: 'USC',
    csPosition: 'CS2',
    password: DEMO_PASSWORD,
  },
  {
    email: 'agent2@demo.sapa.id',
    name: 'Agen Dua',
    phone: '6281200000005',
    role: 'USC',
    csPosition: 'CS1',
    password: DEMO_PASSWORD,
  },
];

/** The demo business's wallet balance on its first start, in rupiah. */
const DEMO_TAKINGS = 250_000;

export type DemoPlan = 'FREE' | 'FREE_TRIAL' | 'STARTER' | 'PRO' | 'ENTERPRISE';

/** The account fields of a demo plan: a package for a year, a trial of 30 days, or a free account. */
function demoPlanFields(plan: DemoPlan, now: Date) {
  if (plan === 'FREE') return { accountStatus: 'Free', subscriptionPackage: null, subscriptionEndsAt: null };
  if (plan === 'FREE_TRIAL')
    return { accountStatus: 'Free Trial', subscriptionPackage: null, subscriptionEndsAt: freeTrialEnd(now) };
  return {
    accountStatus: 'Active',
    subscriptionPackage: plan,
    subscriptionEndsAt: plan === 'ENTERPRISE' ? null : periodEnd(now, 12),
  };
}

/** On the first start of an empty database, creates the demo business; returns its id, or null. */
export async function seedDemoBusiness(db: Db, plan: DemoPlan = 'PRO'): Promise<string | null> {
  if (await anyBusinessExists(db)) return null;
  const { clientId } = await createBusiness(db, {
    name: DEMO_BUSINESS_NAME,
    chatCredit: 100_000,
    members: [...DEMO_MEMBERS],
    // 001 §6: Pro by default, so the demo's WhatsApp number, broadcasts and templates work.
    ...demoPlanFields(plan, new Date()),
  });
  await seedDemoTemplates(db, clientId);
  // Takings to withdraw (001 §2 /wallet): the demo's bank accounts are in demo-payments.ts.
  await db.transaction((tx) => openWalletWithBalance(tx, clientId, DEMO_TAKINGS));
  return clientId;
}

/** The demo business's id, or undefined when this database has none. */
export function findDemoBusinessId(db: Db): Promise<string | undefined> {
  return businessIdByName(db, DEMO_BUSINESS_NAME);
}
