import { count } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { createBusiness, type NewMember } from '../tenancy/tenancy.service.js';
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

/** On the first start of an empty database, creates the demo business; returns its id, or null. */
export async function seedDemoBusiness(db: Db): Promise<string | null> {
  const [row] = await db.select({ n: count() }).from(clients);
  if ((row?.n ?? 0) > 0) return null;
  const { clientId } = await createBusiness(db, {
    name: DEMO_BUSINESS_NAME,
    chatCredit: 100_000,
    members: [...DEMO_MEMBERS],
  });
  await seedDemoTemplates(db, clientId);
  return clientId;
}
