import { useTranslation } from 'react-i18next';
import { useCsMe } from './api';

/**
 * Why an inbox list is empty, for the viewer's CS position (000 §6, issue 16): Customer Service 2 sees only
 * chats assigned to them, Customer Service 1 only chats handed out automatically; both are told who assigns
 * and where automatic assignment is turned on. Everyone else sees every chat as it arrives.
 */
export function InboxEmptyHint() {
  const { t } = useTranslation();
  const sees = useCsMe().data?.capabilities.sees;
  if (sees === 'own') return <span data-testid="inbox-empty-hint">{t('inbox.emptyHintOwn')}</span>;
  if (sees === 'ownAuto') return <span data-testid="inbox-empty-hint">{t('inbox.emptyHintOwnAuto')}</span>;
  return <span data-testid="inbox-empty-hint">{t('inbox.emptyHint')}</span>;
}
