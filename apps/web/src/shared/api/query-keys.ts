/** Query keys shared across features (a module of their own: no API client, so tests of caches load them). */
export const queryKeys = {
  me: ['me'] as const,
  chatCredit: ['wallet', 'chat-credit'] as const,
  adminUsers: ['admin', 'users'] as const,
  accessRoles: ['feature-access', 'list'] as const,
  mfaStatus: ['me', 'mfa'] as const,
  /** Every inbox query (tickets, unread counts, chat rooms): refetched on each real-time (re)connection. */
  inbox: ['inbox'] as const,
  channelAccounts: ['channel-accounts'] as const,
};
