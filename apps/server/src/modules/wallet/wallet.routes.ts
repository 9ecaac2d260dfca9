import { walletEndpoints } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { needs, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import { route } from '../../platform/http/route.js';
import {
  addBankAccount,
  checkBankAccount,
  listBankAccounts,
  makePrimaryBankAccount,
  removeBankAccount,
} from './bank-accounts.service.js';
import {
  mutationsPage,
  pendingPage,
  receiveDisbursementCallback,
  requestWithdrawal,
  type WalletContext,
  walletSummary,
} from './wallet.service.js';

/** Where the gateway posts its disbursement callbacks (configured in the gateway's dashboard). */
export const DISBURSEMENT_CALLBACK_PATH = '/webhooks/wallet/xendit-disbursements';

/**
 * 001 §2 /wallet [WALLET] (balance, Mutation and Pending tabs, withdrawals) and Business settings › Bank
 * account [STORE_BANK: 000 §6 owner only without a feature-access string, ID only]; the disbursement callback.
 */
export async function registerWalletRoutes(app: FastifyInstance, ctx: WalletContext) {
  const { db } = ctx.deps;
  const e = walletEndpoints;
  const clientOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).clientId;
  route(app, e.wallet, needs('WALLET', 'READ'), ({ request }) => walletSummary(ctx, clientOf(request)));
  route(app, e.mutations, needs('WALLET', 'READ'), ({ query, request }) =>
    mutationsPage(db, clientOf(request), query),
  );
  route(app, e.pending, needs('WALLET', 'READ'), ({ query, request }) =>
    pendingPage(db, clientOf(request), query),
  );
  route(app, e.withdraw, needs('WALLET', 'CREATE'), ({ body, request }) =>
    requestWithdrawal(ctx, requireAuth(request), body),
  );
  route(app, e.bankAccounts, needs('STORE_BANK', 'READ'), ({ request }) =>
    listBankAccounts(ctx, clientOf(request)),
  );
  route(app, e.addBankAccount, needs('STORE_BANK', 'CREATE'), ({ body, request }) =>
    addBankAccount(ctx, clientOf(request), body),
  );
  route(app, e.checkBankAccount, needs('STORE_BANK', 'UPDATE'), ({ params, request }) =>
    checkBankAccount(ctx, clientOf(request), params.id!),
  );
  route(app, e.makePrimaryBankAccount, needs('STORE_BANK', 'UPDATE'), ({ params, request }) =>
    makePrimaryBankAccount(ctx, clientOf(request), params.id!),
  );
  route(app, e.deleteBankAccount, needs('STORE_BANK', 'DELETE'), ({ params, request }) =>
    removeBankAccount(ctx, clientOf(request), params.id!),
  );

  // An encapsulated plugin so that its JSON parser keeps the raw bytes the callback is read from.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(DISBURSEMENT_CALLBACK_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await receiveDisbursementCallback(ctx, request.headers, raw);
      return reply.code(200).send({ outcome });
    });
  });
}
