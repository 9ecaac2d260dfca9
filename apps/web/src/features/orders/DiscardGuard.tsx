import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can, type Me, type TicketSummary } from '@sapa/contracts';
import { IconShoppingCart } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { accessSubjectOf } from '../../shared/api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { CreateTransactionPanel } from './CreateTransactionPanel';
import { discardCart, hasCartInProgress, useDraft } from './cartStore';

function DiscardDialog({
  opened,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('orders.discard.title')}
      confirmLabel={t('orders.discard.confirm')}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {t('orders.discard.body')}
    </ConfirmDialog>
  );
}

/**
 * 000 §4: resolving or reassigning a chat with a cart in progress asks first, and discards the cart when the
 * agent goes on. `guard(action)` runs the action at once when there is no cart.
 */
export function useCartDiscardGuard(ticketId: string): {
  guard: (action: () => void) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guard = (action: () => void) => (hasCartInProgress(ticketId) ? setPending(() => action) : action());
  const dialog = (
    <DiscardDialog
      opened={pending !== null}
      onConfirm={() => {
        discardCart(ticketId);
        const action = pending;
        setPending(null);
        action?.();
      }}
      onClose={() => setPending(null)}
    />
  );
  return { guard, dialog };
}

/**
 * 000 §4: leaving the chat (another chat, another page) with a cart in progress asks first; going on discards
 * the cart. Watches the address: the open chat is `?referenceId=`.
 */
export function LeaveChatGuard({ ticketId }: { ticketId: string | null }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!hasCartInProgress(ticketId)) return false;
    const nextId = new URLSearchParams(nextLocation.search).get('referenceId');
    return currentLocation.pathname !== nextLocation.pathname || nextId !== ticketId;
  });
  return (
    <DiscardDialog
      opened={blocker.state === 'blocked'}
      onConfirm={() => {
        if (ticketId) discardCart(ticketId);
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    />
  );
}

/** The chat header's "Create transaction" button (TRANSACTION_BUTTON and TRANSACTION create) and its panel. */
export function CreateTransactionButton({ ticket, me }: { ticket: TicketSummary; me: Me }) {
  const { t } = useTranslation();
  const [opened, panel] = useDisclosure(false);
  const { lines } = useDraft(ticket.id);
  const subject = accessSubjectOf(me);
  if (!can(subject, 'TRANSACTION_BUTTON', 'CREATE') || !can(subject, 'TRANSACTION', 'CREATE')) return null;
  return (
    <>
      <Button
        size="xs"
        variant={lines.length ? 'filled' : 'default'}
        color={lines.length ? 'orange' : undefined}
        leftSection={<IconShoppingCart size={14} aria-hidden />}
        onClick={panel.open}
        data-testid="create-transaction"
      >
        {lines.length ? t('orders.panel.cartCount', { count: lines.length }) : t('orders.panel.open')}
      </Button>
      <CreateTransactionPanel ticket={ticket} opened={opened} onClose={panel.close} />
    </>
  );
}
