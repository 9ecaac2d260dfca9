import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { AgreementText } from './AgreementText';

/** /pp.html: the agreement page linked from login (000 §2). */
export function AgreementPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('agreement.title')} width={720}>
      <AgreementText />
      <Anchor component={Link} to="/login">
        {t('notAvailable.backToLogin')}
      </Anchor>
    </PublicLayout>
  );
}
