import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../../shared/ui/PublicLayout';

/** /reset/successfully: done, back to sign in (001 §2 "success, redirect to login"). */
export function ResetSuccessPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('reset.successTitle')}>
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text ta="center">{t('reset.successBody')}</Text>
        <Button component={Link} to="/login" fullWidth size="md">
          {t('reset.goToLogin')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}
