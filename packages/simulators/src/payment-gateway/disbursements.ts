import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCallbackSender } from './callback-sender.js';
import type { PaymentGatewaySimulatorOptions, SimBankAccount, SimDisbursement } from './types.js';

/** The bank codes the simulated bank pays into (a subset of Xendit's disbursement banks). */
const BANK_CODES = new Set(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB', 'DANAMON', 'BSI']);

/** A gateway refusal with Xendit's error shape (`error_code`, `message`). */
export class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

interface CreateDisbursementBody {
  external_id?: unknown;
  amount?: unknown;
  bank_code?: unknown;
  account_holder_name?: unknown;
  account_number?: unknown;
  description?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Xendit's Disbursement API and bank account name validator on the simulator's server: a disbursement is
 * PENDING until the bank pays it (COMPLETED) or refuses it (FAILED), and each change is POSTed to the
 * disbursement callback URL with `x-callback-token`, retried while not answered 2xx.
 */
export function registerDisbursements(
  app: FastifyInstance,
  options: PaymentGatewaySimulatorOptions,
  authenticate: (req: FastifyRequest) => void,
) {
  const disbursements = new Map<string, SimDisbursement>();
  const byIdempotencyKey = new Map<string, string>();
  const lastBody = new Map<string, Record<string, unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const accounts = new Map<string, SimBankAccount>();
  const accountKey = (bank: string, no: string) => `${bank}:${no}`;
  for (const a of options.bankAccounts ?? []) accounts.set(accountKey(a.bankCode, a.accountNumber), a);
  const callbacks = createCallbackSender({
    url: options.disbursementCallbackUrl ?? '',
    token: options.callbackToken,
    retry: options.retry ?? { attempts: 6, baseDelayMs: 500 },
  });
  let callbackUrl = options.disbursementCallbackUrl ?? '';

  function found(id: string): SimDisbursement {
    const d = disbursements.get(id);
    if (!d) throw new GatewayError(404, 'DIRECT_DISBURSEMENT_NOT_FOUND_ERROR', 'Disbursement not found');
    return d;
  }

  /** Xendit's answer for a disbursement: every field but the simulator's own account number. */
  function answer(d: SimDisbursement): Record<string, unknown> {
    const { account_number: _kept, ...shown } = d;
    return shown;
  }

  function settle(d: SimDisbursement, status: 'COMPLETED' | 'FAILED', failureCode?: string) {
    if (d.status !== 'PENDING')
      throw new GatewayError(400, 'DISBURSEMENT_NOT_PENDING', `Disbursement is already ${d.status}`);
    d.status = status;
    d.updated = new Date().toISOString();
    if (status === 'FAILED') d.failure_code = failureCode ?? 'INVALID_DESTINATION';
    const body = answer(d);
    lastBody.set(d.id, body);
    if (callbackUrl) callbacks.send(d, body);
    return d;
  }

  function create(body: CreateDisbursementBody): SimDisbursement {
    const externalId = text(body.external_id);
    const amount = typeof body.amount === 'number' ? body.amount : Number.NaN;
    if (!externalId || externalId.length > 1000)
      throw new GatewayError(400, 'API_VALIDATION_ERROR', 'external_id is required');
    if (!Number.isInteger(amount) || amount < 10_000)
      throw new GatewayError(400, 'API_VALIDATION_ERROR', 'amount must be a whole number of at least 10000');
    const bank = text(body.bank_code);
    if (!BANK_CODES.has(bank))
      throw new GatewayError(400, 'BANK_CODE_NOT_SUPPORTED_ERROR', 'Destination bank code is not supported');
    const holder = text(body.account_holder_name);
    const number = text(body.account_number);
    if (!holder || !/^\d{6,20}$/.test(number))
      throw new GatewayError(
        400,
        'API_VALIDATION_ERROR',
        'account_holder_name and account_number are required',
      );
    const now = new Date().toISOString();
    const d: SimDisbursement = {
      id: randomBytes(12).toString('hex'),
      user_id: 'sim-business',
      external_id: externalId,
      amount,
      bank_code: bank,
      account_holder_name: holder,
      disbursement_description: text(body.description),
      status: 'PENDING',
      created: now,
      updated: now,
      is_instant: false,
      account_number: number,
    };
    disbursements.set(d.id, d);
    if (options.disbursementCompleteAfterMs !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (d.status === 'PENDING') settle(d, 'COMPLETED');
      }, options.disbursementCompleteAfterMs);
      timers.add(timer);
    }
    return d;
  }

  app.post('/disbursements', async (req) => {
    authenticate(req);
    const key = req.headers['x-idempotency-key'];
    const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (earlier)
      throw new GatewayError(400, 'DUPLICATE_TRANSACTION_ERROR', 'Idempotency key has been used before');
    const d = create((req.body ?? {}) as CreateDisbursementBody);
    if (typeof key === 'string') byIdempotencyKey.set(key, d.id);
    return answer(d);
  });
  // Xendit's "Get disbursement by external_id": every disbursement made with it (an empty list: none).
  app.get<{ Querystring: { external_id?: string } }>('/disbursements', async (req) => {
    authenticate(req);
    const externalId = req.query.external_id ?? '';
    if (!externalId) throw new GatewayError(400, 'API_VALIDATION_ERROR', 'external_id is required');
    return [...disbursements.values()].filter((d) => d.external_id === externalId).map(answer);
  });
  app.get<{ Params: { id: string } }>('/disbursements/:id', async (req) => {
    authenticate(req);
    return answer(found(req.params.id));
  });
  // The name validator: the bank's holder name for an account, or FAILURE when the bank has no such account.
  app.post('/bank_account_data_requests', async (req) => {
    authenticate(req);
    const body = (req.body ?? {}) as { bank_account_number?: unknown; bank_code?: unknown };
    const bank = text(body.bank_code);
    const number = text(body.bank_account_number);
    if (!BANK_CODES.has(bank))
      throw new GatewayError(400, 'BANK_CODE_NOT_SUPPORTED_ERROR', 'Destination bank code is not supported');
    if (!number) throw new GatewayError(400, 'API_VALIDATION_ERROR', 'bank_account_number is required');
    const known = accounts.get(accountKey(bank, number));
    return {
      bank_code: bank,
      bank_account_number: number,
      status: known ? 'SUCCESS' : 'FAILURE',
      ...(known ? { bank_account_holder_name: known.holderName } : { failure_reason: 'INVALID_DESTINATION' }),
      updated: new Date().toISOString(),
    };
  });

  return {
    completeDisbursement: (id: string) => settle(found(id), 'COMPLETED'),
    failDisbursement: (id: string, code?: string) => settle(found(id), 'FAILED', code),
    disbursements: () => [...disbursements.values()],
    addBankAccount(a: SimBankAccount) {
      accounts.set(accountKey(a.bankCode, a.accountNumber), a);
    },
    setDisbursementCallbackUrl(url: string) {
      callbackUrl = url;
      callbacks.setUrl(url);
    },
    resendDisbursementCallback(id: string) {
      const d = found(id);
      const body = lastBody.get(id);
      if (body) callbacks.send(d, body);
    },
    delivered: () => callbacks.delivered(),
    pending: () => callbacks.pending(),
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      callbacks.close();
    },
  };
}
