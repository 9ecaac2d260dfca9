import {
  CREDIT_DOWNLOAD_MAX_ROWS,
  type CreditMutation,
  creditStatusText,
  csvText,
  describeCreditMutation,
  type Language,
} from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { selectMutations } from './billing.repository.js';
import { toCreditMutation } from './chat-credits.service.js';

interface Range {
  from?: number | undefined;
  to?: number | undefined;
}

const dateOf = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms));

/** 001 §2 Mutation tab, §7 chat-credit/list: the business's rows newest first (keyset on time, id), in a range. */
export async function listCreditMutations(
  db: DbOrTx,
  clientId: string,
  query: Range & { cursor?: string | undefined; limit: number },
): Promise<{ items: CreditMutation[]; nextCursor: string | null }> {
  const before = query.cursor ? decodeTimeCursor(query.cursor) : null;
  if (query.cursor && !before) throw badRequest('validation.invalid');
  const rows = await selectMutations(db, {
    clientId,
    from: dateOf(query.from),
    to: dateOf(query.to),
    before,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeTimeCursor(last.createdAt, last.id),
  );
  return { items: page.map(toCreditMutation), nextCursor };
}

const HEADERS: Record<Language, string[]> = {
  id: ['Waktu', 'Deskripsi', 'Status', 'Jumlah', 'Saldo', 'Bonus', 'Saldo bonus'],
  en: ['Time', 'Description', 'Status', 'Amount', 'Balance', 'Bonus', 'Bonus balance'],
};

/** A time as people in the business read it: Asia/Jakarta (000 §9), `YYYY-MM-DD HH:mm:ss`. */
function jakartaTime(ms: number): string {
  return new Date(ms + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * 001 §7 chat-credit/download: the range's rows as csv (UTF-8 with a byte-order mark, so spreadsheet programs
 * read Indonesian text right), each description and status in the reader's language; at most
 * CREDIT_DOWNLOAD_MAX_ROWS rows, newest first.
 */
export async function creditMutationsCsv(
  db: DbOrTx,
  clientId: string,
  query: Range & { lang: Language },
): Promise<string> {
  const rows = await selectMutations(db, {
    clientId,
    from: dateOf(query.from),
    to: dateOf(query.to),
    limit: CREDIT_DOWNLOAD_MAX_ROWS,
  });
  const lines = rows
    .map(toCreditMutation)
    .map((m) => [
      jakartaTime(m.createdAt),
      describeCreditMutation(m, query.lang),
      creditStatusText(m.status, query.lang),
      m.amount,
      m.balanceAfter,
      m.bonusAmount,
      m.bonusBalanceAfter,
    ]);
  return `\ufeff${csvText([HEADERS[query.lang], ...lines])}`;
}
