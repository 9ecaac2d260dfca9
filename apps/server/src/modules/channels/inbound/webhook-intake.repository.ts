import type { Database } from '../../../platform/db/database.js';

/**
 * Stores a delivery in one statement, only while the account is connected on its channel with the secrets
 * the signature was checked with. `account` is false when that no longer holds; `stored` is false for a
 * redelivery (the event key — the provider's id of the delivery, or the sha256 of its bytes — is unique per
 * account). The body goes in as text and becomes jsonb in the database: invalid JSON fails the statement
 * (22P02).
 */
const STORE_EVENT = `
  with account as (
    select client_id from channel_accounts
    where id = $1 and channel = $7 and status = 'connected' and secrets = $2
  ), stored as (
    insert into inbound_events (client_id, id, channel_account_id, provider_event_key, raw, lane)
    select client_id, $3, $1, $4, $5::jsonb, $6 from account
    on conflict do nothing
    returning id
  )
  select (select count(*) from account)::int as account, (select count(*) from stored)::int as stored`;

/** The same for many deliveries at once (one row each in `$1`, a jsonb array), answered per `n`. */
const STORE_EVENTS = `
  with input as (
    select * from jsonb_to_recordset($1::jsonb) as x(n int, a uuid, c text, s text, i uuid, k text, r text, l smallint)
  ), account as (
    select input.n, c.client_id from input
    join channel_accounts c on c.id = input.a and c.channel = input.c and c.status = 'connected' and c.secrets = input.s
  ), stored as (
    insert into inbound_events (client_id, id, channel_account_id, provider_event_key, raw, lane)
    select account.client_id, input.i, input.a, input.k, input.r::jsonb, input.l
    from input join account on account.n = input.n
    order by input.n
    on conflict do nothing
    returning id
  )
  select input.n, (account.n is not null) as account, (stored.id is not null) as stored
  from input left join account on account.n = input.n left join stored on stored.id = input.i
  order by input.n`;

export interface StoreRequest {
  accountId: string;
  /** The account's channel code (the webhook path names it). */
  channel: string;
  sealed: string;
  key: string;
  text: string;
  lane: number;
}

/** Stores one delivery (`id`: its event id); see `STORE_EVENT`. */
export async function storeDelivery(database: Database, r: StoreRequest, id: string) {
  const { rows } = await database.sql.query<{ account: number; stored: number }>(STORE_EVENT, [
    r.accountId,
    r.sealed,
    id,
    r.key,
    r.text,
    r.lane,
    r.channel,
  ]);
  return { account: Number(rows[0]?.account ?? 0) > 0, stored: Number(rows[0]?.stored ?? 0) > 0 };
}

/** Stores many deliveries in one statement (`ids[n]`: the event id of `batch[n]`), answered in order. */
export async function storeDeliveries(database: Database, batch: StoreRequest[], ids: string[]) {
  const input = batch.map((r, n) => ({
    n,
    a: r.accountId,
    c: r.channel,
    s: r.sealed,
    i: ids[n],
    k: r.key,
    r: r.text,
    l: r.lane,
  }));
  const { rows } = await database.sql.query<{ n: number; account: boolean; stored: boolean }>(STORE_EVENTS, [
    JSON.stringify(input),
  ]);
  return rows.map((row) => ({ account: row.account === true, stored: row.stored === true }));
}
