/**
 * The public entry of wallet: the takings of a business (settled online order payments), its bank accounts
 * checked through the gateway's account inquiry, and withdrawals paid out through the gateway's disbursements.
 */
export { sendUnsentWithdrawals, unsentWithdrawalDrain } from './unsent-withdrawals.job.js';
export { DISBURSEMENT_CALLBACK_PATH, registerWalletRoutes } from './wallet.routes.js';
export {
  createWalletContext,
  creditOrderTakings,
  openWalletWithBalance,
  type WalletContext,
} from './wallet.service.js';
