import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, testDbKind } from '../../../test/harness.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { type ChannelAccountConfig, channelAccounts } from '../channels/channels.schema.js';
import { insertMessage, storedMessageIds } from '../conversations/conversations.repository.js';
import { chatCreditMutations, chatCreditWallets, chatCreditWindows } from './billing.schema.js';
import { creditTopUp, ledgerDrift } from './chat-credits.service.js';
import { chargeConversation } from './conversation-charges.js';
import { ORPHAN_CHARGE_GRACE_MS, refundOrphanCharges } from './orphan-charges.job.js';

/**
 * Issue 20: a charge committed by a process that died before storing its message is refunded by the sweep,
 * once, across restarts; a charge whose message was stored is left alone. The crash is real: a child process
 * charges through the product's code and is SIGKILLed before the send (`test/servers/charge-then-die.ts`).
 * Needs a database two processes share: PostgreSQL only.
 */
const SERVER_DIR = join(import.meta.dirname, '../../..');
let server: TestServer;
let clientId: string;
let accountId: string;

const db = () => server.deps.db;
const later = () => new Date(Date.now() + ORPHAN_CHARGE_GRACE_MS + 60_000);

async function balance() {
  const [w] = await db().select().from(chatCreditWallets).where(eq(chatCreditWallets.clientId, clientId));
  return Number(w!.balance);
}

function chargeThenDie(chatRoomId: string, messageId: string): Promise<NodeJS.Signals | number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/servers/charge-then-die.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: server.databaseUrl!,
      CLIENT_ID: clientId,
      CHAT_ROOM_ID: chatRoomId,
      MESSAGE_ID: messageId,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
}

const refundsOf = (chargeId: string) =>
  db()
    .select()
    .from(chatCreditMutations)
    .where(
      and(
        eq(chatCreditMutations.clientId, clientId),
        eq(chatCreditMutations.referenceType, 'refund'),
        eq(chatCreditMutations.referenceId, chargeId),
      ),
    );

describe.skipIf(testDbKind() === 'pglite')('a charge left without its message after a crash', () => {
  beforeAll(async () => {
    server = await startTestServer({ work: false });
    const biz = await makeBusiness(server.deps.db, 'Toko Yatim');
    clientId = biz.clientId;
    accountId = uuidv7();
    await db()
      .insert(channelAccounts)
      .values({
        clientId,
        id: accountId,
        channel: 'WAP',
        name: 'WhatsApp',
        address: '6281100000999',
        config: {} as ChannelAccountConfig,
        secrets: '',
      });
    await db().transaction((tx) =>
      creditTopUp(tx, { clientId, credits: 10_000, referenceType: 'test', referenceId: randomUUID() }),
    );
  }, 60_000);
  afterAll(() => server?.close());

  it('is refunded once by the sweep (also when swept again or by two workers); a stored send is kept', async () => {
    // The crash: charged and killed before the send was stored.
    const orphanRoom = randomUUID();
    const orphanMessage = uuidv7();
    expect(await chargeThenDie(orphanRoom, orphanMessage)).toBe('SIGKILL');
    const [window] = await db()
      .select()
      .from(chatCreditWindows)
      .where(and(eq(chatCreditWindows.clientId, clientId), eq(chatCreditWindows.chatRoomId, orphanRoom)));
    expect(window?.openedByMessageId).toBe(orphanMessage);
    expect(await balance()).toBe(10_000 - 511.5);

    // A send that went through: charged, then its message stored.
    const { ticketId } = await openWhatsappTicket(db(), { clientId, channelAccountId: accountId });
    const sentMessage = uuidv7();
    await chargeConversation(db(), {
      clientId,
      chatRoomId: ticketId,
      mediaPlatform: 'WAP',
      purpose: 'follow_up',
      templateCategory: 'MARKETING',
      messageId: sentMessage,
      at: new Date(),
    });
    await insertMessage(db(), {
      clientId,
      id: sentMessage,
      ticketId,
      channelAccountId: accountId,
      direction: 'out',
      visibility: 'public',
      type: 'text',
      text: 'Promo minggu ini',
      status: 'pending',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(await balance()).toBe(10_000 - 2 * 511.5);

    // Within the grace period nothing is touched: a send may still be storing its message.
    expect((await refundOrphanCharges(server.deps, storedMessageIds)).refunded).toEqual([]);

    // After it, two workers sweeping at once refund the orphan once; the stored send keeps its charge.
    const [a, b] = await Promise.all([
      refundOrphanCharges(server.deps, storedMessageIds, later()),
      refundOrphanCharges(server.deps, storedMessageIds, later()),
    ]);
    expect(a.refunded.length + b.refunded.length).toBe(1);
    expect(await refundsOf(window!.mutationId!)).toHaveLength(1);
    expect(await balance()).toBe(10_000 - 511.5);
    // The orphan's window is ended: the next send in that chat room opens (and pays for) a new one.
    const [ended] = await db()
      .select()
      .from(chatCreditWindows)
      .where(and(eq(chatCreditWindows.clientId, clientId), eq(chatCreditWindows.chatRoomId, orphanRoom)));
    expect(ended!.expiresAt.getTime()).toBe(ended!.openedAt.getTime());
    expect(ended!.settledAt).not.toBeNull();

    // A sweep after a restart finds nothing left to do, and the ledger explains the balance.
    expect(await refundOrphanCharges(server.deps, storedMessageIds, later())).toEqual({
      checked: 0,
      refunded: [],
    });
    expect(await balance()).toBe(10_000 - 511.5);
    expect(await ledgerDrift(db(), clientId)).toEqual({ paid: 0, bonus: 0 });
  }, 60_000);
});
