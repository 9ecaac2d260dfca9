import { z } from 'zod';
import type { PaymentGatewayConfig } from '../../../platform/config.js';
import { GatewayCallError, sameToken, xenditCaller } from '../../payments/index.js';

/** A disbursement's state as the gateway has it (the callback body, or `GET /disbursements/:id`). */
export interface DisbursementState {
  gatewayId: string;
  withdrawalId: string;
  status: 'completed' | 'failed' | 'pending';
  amount: number;
  failureCode: string | null;
}

export interface AccountInquiry {
  status: 'SUCCESS' | 'PENDING' | 'FAILURE';
  holderName: string | null;
}

/** The money going out: Xendit's Disbursement API and its bank account name validator. */
export interface DisbursementGateway {
  inquireAccount(bank: string, accountNo: string): Promise<AccountInquiry>;
  createDisbursement(input: {
    withdrawalId: string;
    amount: number;
    bank: string;
    accountNo: string;
    accountHolder: string;
    description: string;
  }): Promise<DisbursementState>;
  fetchDisbursement(gatewayId: string): Promise<DisbursementState>;
  /** The disbursement made for a withdrawal (by `external_id`), or null when the gateway has none. */
  findDisbursement(withdrawalId: string): Promise<DisbursementState | null>;
  /** Whether a callback's headers prove it came from the gateway (constant time). */
  verifyCallback(headers: Record<string, string | string[] | undefined>): boolean;
  /** The disbursement a verified callback body names, or null when it is not one. */
  parseCallback(raw: Buffer): DisbursementState | null;
}

const disbursementSchema = z.object({
  id: z.string().min(1).max(200),
  external_id: z.string().uuid(),
  amount: z.number(),
  status: z.string(),
  failure_code: z.string().max(100).optional(),
});

const inquirySchema = z.object({
  status: z.enum(['SUCCESS', 'PENDING', 'FAILURE']),
  bank_account_holder_name: z.string().max(200).optional(),
});

function stateOf(json: unknown): DisbursementState | null {
  const parsed = disbursementSchema.safeParse(json);
  if (!parsed.success) return null;
  const d = parsed.data;
  return {
    gatewayId: d.id,
    withdrawalId: d.external_id,
    status: d.status === 'COMPLETED' ? 'completed' : d.status === 'FAILED' ? 'failed' : 'pending',
    amount: d.amount,
    failureCode: d.failure_code ?? null,
  };
}

/**
 * Xendit Disbursement API (https://docs.xendit.co/xendisburse/apis/using-disbursement/): Basic auth with the
 * secret key; `POST /disbursements` with `external_id`, `amount`, `bank_code`, `account_holder_name`,
 * `account_number` and an `x-idempotency-key`; `GET /disbursements/:id`; the callback carries
 * `x-callback-token`. The name validator is `POST /bank_account_data_requests`.
 */
export function createXenditDisbursements(config: PaymentGatewayConfig): DisbursementGateway {
  const call = xenditCaller(config);

  const expectState = (body: unknown) => {
    const state = stateOf(body);
    if (!state) throw new GatewayCallError(502, 'UNEXPECTED_RESPONSE');
    return state;
  };

  return {
    async inquireAccount(bank, accountNo) {
      const parsed = inquirySchema.safeParse(
        await call('/bank_account_data_requests', {
          method: 'POST',
          body: { bank_code: bank, bank_account_number: accountNo },
        }),
      );
      if (!parsed.success) throw new GatewayCallError(502, 'UNEXPECTED_RESPONSE');
      return { status: parsed.data.status, holderName: parsed.data.bank_account_holder_name ?? null };
    },
    async createDisbursement(input) {
      return expectState(
        await call('/disbursements', {
          method: 'POST',
          headers: { 'x-idempotency-key': input.withdrawalId },
          body: {
            external_id: input.withdrawalId,
            amount: input.amount,
            bank_code: input.bank,
            account_holder_name: input.accountHolder,
            account_number: input.accountNo,
            description: input.description,
          },
        }),
      );
    },
    async fetchDisbursement(gatewayId) {
      return expectState(await call(`/disbursements/${encodeURIComponent(gatewayId)}`, { method: 'GET' }));
    },
    async findDisbursement(withdrawalId) {
      const body = await call(`/disbursements?external_id=${encodeURIComponent(withdrawalId)}`, {
        method: 'GET',
      });
      if (!Array.isArray(body)) throw new GatewayCallError(502, 'UNEXPECTED_RESPONSE');
      const [first] = body;
      return first === undefined ? null : expectState(first);
    },
    verifyCallback(headers) {
      const token = headers['x-callback-token'];
      return typeof token === 'string' && sameToken(token, config.callbackToken);
    },
    parseCallback(raw) {
      try {
        return stateOf(JSON.parse(raw.toString('utf8')));
      } catch {
        return null;
      }
    },
  };
}
