import { and, eq, sql } from 'drizzle-orm';
import type { ServerDeps } from '../../../../platform/deps.js';
import { storableJsonText } from '../../../../platform/http/unstorable-text.js';
import { type DrainDefinition, defineDrain } from '../../../../platform/jobs/job-queue.js';
import { channelAccounts, shopeeConfigOf } from '../../channels.schema.js';
import type { ChannelAccountRow } from '../../channels.service.js';
import type { ShopeeChatMessage, ShopeePush } from './inbound-parse.js';
import { callShopee, type ShopAuth } from './open-api.js';
import { storePush } from './push.service.js';
import { SHOPEE_WEBCHAT_PUSH } from './shopee-account.service.js';
import { partnerOf, shopAuthOf } from './shopee-tokens.js';

/**
 * Missed pushes recovered (issue 18): a buyer's message sent while Sapa was down (or its callback failed past
 * Shopee's retries) reaches the inbox once Sapa is back, exactly once, by two ways that both end in the push
 * intake (`storePush`, keyed by message id, so what a push, a lost push and a pull bring is stored once):
 * 1. Shopee's lost pushes (open.shopee.com v2.push.get_lost_push_message, partner-signed): the earliest 100
 *    pushes it gave up on in the last 3 days, each `data` the push's JSON; once stored, the page is confirmed
 *    with `confirm_consumed_lost_push_message` (`last_message_id`) — never before, so a crash re-reads it;
 * 2. a pull of each connected shop's chats (`sellerchat/get_conversation_list`, newest first, then
 *    `get_message` of each conversation newer than the shop's cursor), for what the lost-push list no longer
 *    holds (older than 3 days, or a shop whose pushes were off). The cursor (`chatPulledNano`) moves only after
 *    every message of the round is stored.
 * Runs at start-up and every `RECOVERY_POLL_MS`.
 */
export const RECOVERY_POLL_MS = 60_000;
const CONVERSATION_PAGE = 25;
const MESSAGE_PAGE = 60;
/** Conversations read per shop and round at most (the rest waits for the next round). */
const CONVERSATIONS_PER_ROUND = 100;

interface LostPushPage {
  response?: {
    push_message_list?: {
      shop_id?: number;
      msg_id?: number;
      code?: number;
      timestamp?: number;
      data?: string;
    }[];
    has_next_page?: boolean;
    last_message_id?: number;
  };
}

interface ConversationPage {
  response?: {
    conversations?: { conversation_id?: string | number; last_message_timestamp?: string | number }[];
    page_result?: { more?: boolean; next_cursor?: { next_message_time_nano?: string } };
  };
}

interface MessagePage {
  response?: { messages?: ShopeeChatMessage[]; page_result?: { next_offset?: string } };
}

export function shopeeRecoveryDrain(deps: ServerDeps, conversations: DrainDefinition) {
  return defineDrain({
    name: 'channels.shopee-recovery',
    pollMs: RECOVERY_POLL_MS,
    drain: async () => {
      if (!partnerOf(deps)) return false;
      const lost = await recoverLostPushes(deps);
      const pulled = await pullShopChats(deps);
      if (lost.stored + pulled > 0) deps.jobs.wake(conversations);
      return lost.more;
    },
  });
}

/** One page of lost pushes stored, then confirmed consumed; answers how many were new and whether more wait. */
export async function recoverLostPushes(deps: ServerDeps): Promise<{ stored: number; more: boolean }> {
  const partner = partnerOf(deps)!;
  const page = await callShopee<LostPushPage>(partner, { path: '/api/v2/push/get_lost_push_message' });
  if (!page.ok) {
    deps.logger.warn({ status: page.status, error: page.description }, 'shopee lost pushes not read');
    return { stored: 0, more: false };
  }
  const list = page.value.response?.push_message_list ?? [];
  let stored = 0;
  for (const entry of list) {
    if (entry.code !== SHOPEE_WEBCHAT_PUSH || typeof entry.data !== 'string') continue;
    const text = storableJsonText(entry.data);
    let push: ShopeePush;
    try {
      push = JSON.parse(text) as ShopeePush;
    } catch {
      continue;
    }
    if (
      await storePush(
        deps,
        { ...push, shop_id: push.shop_id ?? entry.shop_id },
        Buffer.from(entry.data),
        text,
      )
    )
      stored++;
  }
  const last = page.value.response?.last_message_id;
  if (list.length === 0 || !last) return { stored, more: false };
  const confirmed = await callShopee(partner, {
    path: '/api/v2/push/confirm_consumed_lost_push_message',
    body: { last_message_id: last },
  });
  if (!confirmed.ok) {
    deps.logger.warn(
      { status: confirmed.status, error: confirmed.description },
      'shopee lost pushes not confirmed',
    );
    return { stored, more: false };
  }
  return { stored, more: page.value.response?.has_next_page === true };
}

/** Every connected shop's chats pulled since its cursor; answers how many messages were new. */
export async function pullShopChats(deps: ServerDeps): Promise<number> {
  const shops = await deps.db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.channel, 'SHP'), eq(channelAccounts.status, 'connected')));
  let stored = 0;
  for (const account of shops) {
    try {
      stored += await pullShop(deps, account);
    } catch (err) {
      deps.logger.warn(
        { channelAccountId: account.id, error: err instanceof Error ? err.message : 'failed' },
        'shopee chat pull failed',
      );
    }
  }
  return stored;
}

async function pullShop(deps: ServerDeps, account: ChannelAccountRow): Promise<number> {
  const config = shopeeConfigOf(account);
  const cursor = BigInt(config.chatPulledNano ?? String(BigInt(account.createdAt.getTime()) * 1_000_000n));
  const auth = await shopAuthOf(deps, account);
  if (!auth.ok) throw new Error(auth.description);
  const fresh = await conversationsAfter(deps, auth.auth, cursor);
  let stored = 0;
  for (const conversation of fresh.ids)
    for (const message of await messagesAfter(deps, auth.auth, conversation, cursor)) {
      if (message.shop_id !== undefined && message.shop_id !== 0 && message.shop_id === config.shopId)
        continue;
      const push: ShopeePush = {
        code: SHOPEE_WEBCHAT_PUSH,
        shop_id: config.shopId,
        timestamp: message.created_timestamp,
        data: { type: 'message', content: message },
      };
      const text = storableJsonText(JSON.stringify(push));
      if (await storePush(deps, push, Buffer.from(text), text)) stored++;
    }
  if (fresh.newest > cursor)
    await deps.db
      .update(channelAccounts)
      .set({
        config: sql`${channelAccounts.config} || jsonb_build_object('chatPulledNano', ${String(fresh.newest)}::text)`,
      })
      .where(and(eq(channelAccounts.clientId, account.clientId), eq(channelAccounts.id, account.id)));
  return stored;
}

/** The conversations whose last message is newer than the cursor (newest first), and the newest time seen. */
async function conversationsAfter(deps: ServerDeps, shop: ShopAuth, cursor: bigint) {
  const ids: string[] = [];
  let newest = cursor;
  let before: string | null = null;
  while (ids.length < CONVERSATIONS_PER_ROUND) {
    const query: Record<string, string> = {
      direction: 'older',
      type: 'all',
      page_size: String(CONVERSATION_PAGE),
    };
    if (before) query.next_timestamp_nano = before;
    const page = await callShopee<ConversationPage>(partnerOf(deps)!, {
      path: '/api/v2/sellerchat/get_conversation_list',
      shop,
      query,
    });
    if (!page.ok) throw new Error(page.description);
    const list = page.value.response?.conversations ?? [];
    let older = false;
    for (const c of list) {
      const at = BigInt(String(c.last_message_timestamp ?? '0').replace(/\D/g, '') || '0');
      if (at <= cursor) {
        older = true;
        break;
      }
      if (at > newest) newest = at;
      if (c.conversation_id !== undefined) ids.push(String(c.conversation_id));
    }
    const next = page.value.response?.page_result;
    if (older || !next?.more || !next.next_cursor?.next_message_time_nano) break;
    before = next.next_cursor.next_message_time_nano;
  }
  return { ids, newest };
}

/** A conversation's messages created at or after the cursor's second (newest first, paged by offset). */
async function messagesAfter(deps: ServerDeps, shop: ShopAuth, conversationId: string, cursor: bigint) {
  const since = Number(cursor / 1_000_000_000n) - 1;
  const found: ShopeeChatMessage[] = [];
  let offset = '';
  for (;;) {
    const query: Record<string, string> = {
      conversation_id: conversationId,
      page_size: String(MESSAGE_PAGE),
    };
    if (offset) query.offset = offset;
    const page = await callShopee<MessagePage>(partnerOf(deps)!, {
      path: '/api/v2/sellerchat/get_message',
      shop,
      query,
    });
    if (!page.ok) throw new Error(page.description);
    const messages = page.value.response?.messages ?? [];
    const recent = messages.filter((m) => (m.created_timestamp ?? 0) >= since);
    found.push(...recent);
    offset = page.value.response?.page_result?.next_offset ?? '';
    if (recent.length < messages.length || !offset) return found.reverse();
  }
}
