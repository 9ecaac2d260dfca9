/**
 * A send's first step, then a crash: charges a chat room's window for a message (the product's
 * `chargeConversation`, committed) and is killed with SIGKILL before the message is stored — what a process
 * dying between the charge and the send leaves behind (issue 20). Run by `orphan-charges.int.test.ts` with
 * DATABASE_URL, CLIENT_ID, CHAT_ROOM_ID and MESSAGE_ID.
 */
import { chargeConversation } from '../../src/modules/billing/index.js';
import { openDatabase } from '../../src/platform/db/database.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openDatabase({ url: env('DATABASE_URL'), dataDir: 'memory://', poolSize: 1 });
await chargeConversation(database.db, {
  clientId: env('CLIENT_ID'),
  chatRoomId: env('CHAT_ROOM_ID'),
  mediaPlatform: 'WAP',
  purpose: 'follow_up',
  templateCategory: 'MARKETING',
  messageId: env('MESSAGE_ID'),
  at: new Date(),
  details: { ticket: 'T-1', template: 'promo' },
});
// The charge is committed; the message would be stored next. The process dies here instead.
process.kill(process.pid, 'SIGKILL');
