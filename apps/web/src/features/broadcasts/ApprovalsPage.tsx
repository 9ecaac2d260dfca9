import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { ApprovalPanel } from './ApprovalPanel';
import { useBroadcastProgress, useBroadcastRole } from './api';

/** /maker-checker/list (001 §2 approval list): the checker's broadcasts to approve, reject or reset. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const role = useBroadcastRole();
  useBroadcastProgress();
  if (role.isLoading) return <PageLoader />;
  if (!role.data?.makerCheckerEnabled)
    return <EmptyState title={t('broadcasts.review.off')}>{t('broadcasts.review.offHint')}</EmptyState>;
  if (!role.data.checker)
    return (
      <EmptyState title={t('broadcasts.review.notChecker')}>
        {t('broadcasts.review.notCheckerHint')}
      </EmptyState>
    );
  return (
    <Stack gap="md">
      <ApprovalPanel />
    </Stack>
  );
}
