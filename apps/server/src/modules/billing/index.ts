/** The public entry of billing: the chat-credit ledger other modules check, charge, top up and open. */

export { type MonthlyUsage, postPaidUsage } from './billing.repository.js';
export {
  assertCreditsAvailable,
  type ChargeInput,
  chargeCredits,
  creditBalanceOf,
  creditTopUp,
  openWallet,
} from './chat-credits.service.js';
export {
  type ConversationChargeInput,
  type ConversationChargeResult,
  chargeChatbotReply,
  chargeConversation,
  rechargeRefundedSend,
  refundWindowOf,
} from './conversation-charges.js';
export { monthlyBonusDrain } from './monthly-bonus.job.js';
export { orphanChargeDrain, refundOrphanCharges } from './orphan-charges.job.js';
