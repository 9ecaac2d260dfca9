import { ALL_FEATURES_STRING } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import {
  countClients,
  insertClient,
  selectBusiness,
  updateClientName,
  upsertBusinessProfile,
} from './tenancy.repository.js';

/** A new business account; what is left out gets the defaults of a fresh, active Enterprise business. */
export interface NewClient {
  name: string;
  countryDefault?: string;
  planFeatures?: string;
  billingType?: string;
  accountStatus?: string;
  /** Null: no package (a free or free-trial account); left out: Enterprise. */
  subscriptionPackage?: string | null;
  subscriptionEndsAt?: Date | null;
  /** The store step of sign-up (001 §3 business profile), kept in `business_profiles`. */
  address?: string | null;
  businessFields?: string[];
  businessType?: string | null;
  sellerMode?: string | null;
}

/** Creates the business account (inside the caller's transaction) and returns its id. */
export async function createClient(db: DbOrTx, input: NewClient): Promise<string> {
  const clientId = uuidv7();
  await insertClient(db, {
    id: clientId,
    name: input.name,
    countryDefault: input.countryDefault ?? 'ID',
    planFeatures: input.planFeatures ?? ALL_FEATURES_STRING,
    billingType: input.billingType ?? 'PRE_PAID',
    accountStatus: input.accountStatus ?? 'Active',
    subscriptionPackage: input.subscriptionPackage === undefined ? 'ENTERPRISE' : input.subscriptionPackage,
    subscriptionEndsAt: input.subscriptionEndsAt ?? null,
  });
  if (input.address != null || input.businessFields?.length || input.businessType || input.sellerMode) {
    await upsertBusinessProfile(db, {
      clientId,
      address: input.address ?? '',
      businessFields: input.businessFields ?? [],
      businessType: input.businessType ?? null,
      ...(input.sellerMode ? { mode: input.sellerMode } : {}),
    });
  }
  return clientId;
}

/** True once any business exists (the demo seeds only an empty database). */
export async function anyBusinessExists(db: DbOrTx): Promise<boolean> {
  return (await countClients(db)) > 0;
}

/** The business profile as the settings page edits it (001 §3); defaults until the first save. */
export interface BusinessProfileRecord {
  name: string;
  address: string;
  businessFields: string[];
  businessType: string | null;
  service: string | null;
  mode: string;
  contactPhone: string;
  contactEmail: string;
}

/** What other modules read of a business: its profile and its subscription state (001 §4). */
export interface BusinessState {
  profile: BusinessProfileRecord;
  accountStatus: string;
  billingType: string;
}

export async function businessStateOf(db: DbOrTx, clientId: string): Promise<BusinessState | null> {
  const row = await selectBusiness(db, clientId);
  if (!row) return null;
  const p = row.profile;
  return {
    profile: {
      name: row.client.name,
      address: p?.address ?? '',
      businessFields: p?.businessFields ?? [],
      businessType: p?.businessType ?? null,
      service: p?.service ?? null,
      mode: p?.mode ?? 'ONLINE_SHOP',
      contactPhone: p?.contactPhone ?? '',
      contactEmail: p?.contactEmail ?? '',
    },
    accountStatus: row.client.accountStatus,
    billingType: row.client.billingType,
  };
}

/** Saves the profile and the business's name together (the caller's transaction). */
export async function saveBusinessProfile(db: DbOrTx, clientId: string, profile: BusinessProfileRecord) {
  const { name, ...rest } = profile;
  await updateClientName(db, clientId, name);
  await upsertBusinessProfile(db, { clientId, ...rest, updatedAt: new Date() });
}
