import {
  type ChargePurpose,
  CONVERSATION_WINDOW_MS,
  type CreditHundredths,
  conversationCharge,
  hundredthsOf,
  splitCharge,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../platform/db/database.js';
import { createNaturalBatcher } from '../../platform/db/natural-batcher.js';
import { AppError } from '../../platform/http/errors.js';
import {
  type BatchWallet,
  type ComputedEntry,
  endWindow,
  findMutation,
  findMutationByReference,
  lockWallet,
  lockWallets,
  type MutationRow,
  type OpenedWindow,
  windowKeyOf,
  windowOpenedBy,
  windowsEndingAt,
  writeChargeBatch,
  writeLedgerEntry,
} from './billing.repository.js';
import { creditText } from './chat-credits.service.js';

export interface ConversationChargeInput {
  clientId: string;
  /** The ticket (chat room). */
  chatRoomId: string;
  /** The channel code (WAP, …): 001 §3 chat-room charge status's mediaPlatform. */
  mediaPlatform: string;
  purpose: ChargePurpose;
  /** A template's category (follow-up, new message): its window. */
  templateCategory?: string | null;
  /** The message sent (its definitive failure refunds the window it opened). */
  messageId?: string | null;
  at: Date;
  /** Values of the translated description (ticket number, template name). */
  details?: Record<string, string | number>;
}

export type ConversationChargeResult =
  | { charged: false; reason: 'windowOpen' }
  | { charged: true; mutation: MutationRow };

type Outcome = ConversationChargeResult | { refused: true };

const DESCRIPTION_OF_PURPOSE: Record<ChargePurpose, string> = {
  inbound: 'inboundFee',
  follow_up: 'followUp',
  new_message: 'newMessage',
  chatbot_reply: 'chatbotReply',
};

const MAX_BATCH = 2_000;

/** A wallet's balances in hundredths while a batch is computed. */
interface Running {
  billingType: string;
  balance: CreditHundredths;
  bonus: CreditHundredths;
  moved: boolean;
}

const runningOf = (w: BatchWallet): Running => ({
  billingType: w.billingType,
  balance: hundredthsOf(w.balance),
  bonus: hundredthsOf(w.balanceBonus),
  moved: false,
});

/**
 * Decides one charge against the batch's running state: the window still open (nothing), refused (a blocking
 * charge the wallet cannot pay: no window, no row), or charged — the window opened and a ledger row with the
 * balances after it (the split of 000 §5 / 001 §9, `splitCharge`, never more than the wallet holds).
 */
function decide(
  input: ConversationChargeInput,
  wallet: Running | undefined,
  windowEnds: Map<string, Date>,
  out: { windows: OpenedWindow[]; entries: ComputedEntry[]; now: Date },
): Outcome {
  const rule = conversationCharge(input.purpose, input.templateCategory);
  const key = { clientId: input.clientId, chatRoomId: input.chatRoomId, category: rule.category };
  const ends = windowEnds.get(windowKeyOf(key));
  if (ends && ends.getTime() > input.at.getTime()) return { charged: false, reason: 'windowOpen' };
  if (!wallet) return { refused: true };
  const split = splitCharge({
    billingType: wallet.billingType,
    balance: wallet.balance,
    bonus: wallet.bonus,
    price: rule.price,
    bonusFirst: rule.bonusFirst,
    blocksWhenShort: rule.blocksWhenShort,
  });
  if (split.status === 'insufficient') return { refused: true };
  if (split.status === 'success') {
    wallet.balance -= split.paid;
    wallet.bonus -= split.bonus;
    wallet.moved = true;
  }
  const expiresAt = new Date(input.at.getTime() + CONVERSATION_WINDOW_MS);
  const id = uuidv7();
  windowEnds.set(windowKeyOf(key), expiresAt);
  out.windows.push({
    ...key,
    mediaPlatform: input.mediaPlatform,
    openedAt: input.at.toISOString(),
    expiresAt: expiresAt.toISOString(),
    messageId: input.messageId ?? null,
    mutationId: id,
  });
  const details = { ...input.details, category: rule.category };
  const entry: ComputedEntry = {
    id,
    clientId: input.clientId,
    kind: 'charge',
    status: split.status,
    amount: creditText(-split.paid),
    bonusAmount: creditText(-split.bonus),
    balanceAfter: creditText(wallet.balance),
    bonusBalanceAfter: creditText(wallet.bonus),
    description: DESCRIPTION_OF_PURPOSE[input.purpose],
    details: split.status === 'unpaid' ? { ...details, price: creditText(rule.price) } : details,
    referenceType: 'chat_window',
    referenceId: `${input.chatRoomId}:${rule.category}:${input.at.getTime()}`,
    createdAt: out.now,
  };
  out.entries.push(entry);
  return { charged: true, mutation: entry };
}

/**
 * One transaction for a batch of charges: the businesses' wallets locked once (id order), their windows read,
 * every charge decided in arrival order against the running balance, then the windows, the ledger rows and the
 * wallets written in one statement (`writeChargeBatch`). A thousand charges on one business cost one lock, one commit.
 */
async function chargeBatch(db: Db, inputs: ConversationChargeInput[]): Promise<Outcome[]> {
  return db.transaction(async (tx) => {
    const locked = await lockWallets(
      tx,
      inputs.map((i) => i.clientId),
    );
    const windowEnds = await windowsEndingAt(
      tx,
      inputs.map((i) => ({
        clientId: i.clientId,
        chatRoomId: i.chatRoomId,
        category: conversationCharge(i.purpose, i.templateCategory).category,
      })),
    );
    const running = new Map([...locked].map(([id, w]) => [id, runningOf(w)]));
    const out = { windows: [] as OpenedWindow[], entries: [] as ComputedEntry[], now: new Date() };
    const decided = inputs.map((i) => decide(i, running.get(i.clientId), windowEnds, out));
    await writeChargeBatch(tx, {
      windows: out.windows,
      entries: out.entries,
      wallets: [...running].flatMap(([clientId, w]) =>
        w.moved ? [{ clientId, balance: creditText(w.balance), balanceBonus: creditText(w.bonus) }] : [],
      ),
    });
    return decided;
  });
}

const batchers = new WeakMap<Db, (input: ConversationChargeInput) => Promise<Outcome>>();

function batcherOf(db: Db) {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createNaturalBatcher<ConversationChargeInput, Outcome>({
      run: (items) => chargeBatch(db, items),
      runOne: async (item) => (await chargeBatch(db, [item]))[0]!,
      maxBatch: MAX_BATCH,
      gatherTick: true,
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * 001 §3, §9: charges a chat room once per category per 24-hour window, committed before it answers. Charges
 * arriving together are naturally batched (`createNaturalBatcher`): one transaction, one wallet lock and one
 * commit for all of them, so a thousand sends at once on one business do not queue one by one on its wallet
 * row. Within a batch they are decided in arrival order against the running balance, so the balance is exact
 * and never overdrawn; a window already open charges nothing, so sends at once in one chat room pay once. A
 * priced send the wallet cannot pay is 402 `inbox.creditsEmpty` (and opens no window); the inbound fee never
 * blocks. The caller sends the message after this and, if storing it fails, refunds (`refundWindowOf`).
 */
export async function chargeConversation(
  db: Db,
  input: ConversationChargeInput,
): Promise<ConversationChargeResult> {
  const outcome = await batcherOf(db)(input);
  if ('refused' in outcome) throw new AppError(402, 'inbox.creditsEmpty');
  return outcome;
}

/**
 * 001 §9: a chatbot custom reply costs 275.48 credits per conversation per 24 hours (402 `inbox.creditsEmpty`
 * when the wallet is short).
 */
export function chargeChatbotReply(
  db: Db,
  input: Omit<ConversationChargeInput, 'purpose' | 'templateCategory'>,
): Promise<ConversationChargeResult> {
  return chargeConversation(db, { ...input, purpose: 'chatbot_reply' });
}

/**
 * Gives back the charge of the window a message opened when that message never went out (it could not be
 * stored, or the provider refused it for good): a `refund` row of the same amounts, once — keyed by the
 * charge, looked up under the wallet lock, so a repeated failure report refunds nothing more. Nothing when the
 * message opened no window (sent inside one already paid) or its charge moved no money.
 */
export function refundWindowOf(db: Db, clientId: string, messageId: string): Promise<MutationRow | null> {
  return db.transaction(async (tx) => {
    const window = await windowOpenedBy(tx, clientId, messageId);
    if (!window?.mutationId) return null;
    await lockWallet(tx, clientId);
    const charge = await findMutation(tx, clientId, window.mutationId);
    if (charge?.kind !== 'charge' || charge.status !== 'success') return null;
    const reference = { clientId, referenceType: 'refund', referenceId: charge.id };
    if (await findMutationByReference(tx, reference)) return null;
    // The conversation never happened: the next send in this chat room opens (and pays for) a new window.
    await endWindow(tx, clientId, charge.id);
    return writeLedgerEntry(tx, {
      ...reference,
      kind: 'refund',
      status: 'success',
      amount: creditText(-hundredthsOf(charge.amount)),
      bonusAmount: creditText(-hundredthsOf(charge.bonusAmount)),
      description: 'refund',
      details: { ...(charge.details ?? {}), charge: charge.description },
    });
  });
}

const PURPOSE_OF_DESCRIPTION = Object.fromEntries(
  Object.entries(DESCRIPTION_OF_PURPOSE).map(([purpose, description]) => [
    description,
    purpose as ChargePurpose,
  ]),
);

/**
 * A failed message sent again (retry) whose window charge was refunded pays for its conversation again: the
 * same purpose and category, a new window from `at` (nothing when another window covers it by now). 402
 * `inbox.creditsEmpty` when the wallet cannot pay a blocking charge.
 */
export async function rechargeRefundedSend(
  db: Db,
  ref: { clientId: string; messageId: string; at: Date },
): Promise<ConversationChargeResult | null> {
  const window = await windowOpenedBy(db, ref.clientId, ref.messageId);
  if (!window?.mutationId) return null;
  const refunded = await findMutationByReference(db, {
    clientId: ref.clientId,
    referenceType: 'refund',
    referenceId: window.mutationId,
  });
  const charge = refunded && (await findMutation(db, ref.clientId, window.mutationId));
  const purpose = charge ? PURPOSE_OF_DESCRIPTION[charge.description] : undefined;
  if (!charge || !purpose) return null;
  const { category: _category, ...details } = (charge.details ?? {}) as Record<string, string | number>;
  return chargeConversation(db, {
    clientId: ref.clientId,
    chatRoomId: window.chatRoomId,
    mediaPlatform: window.mediaPlatform,
    purpose,
    templateCategory: window.category,
    messageId: ref.messageId,
    at: ref.at,
    details,
  });
}
