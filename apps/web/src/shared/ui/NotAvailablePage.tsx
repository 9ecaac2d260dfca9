import { Anchor, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteMeta } from '../../app/useRouteMeta';
import { PublicLayout } from './PublicLayout';

/** An honest page for a route of the spec whose feature Sapa has not built yet (inside the shell). */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconTools size={26} />
        </ThemeIcon>
        <Title order={2}>{t('notAvailable.title')}</Title>
        <Text>{t('notAvailable.body', { page: meta ? t(meta.titleKey) : '' })}</Text>
        <Button component={Link} to="/dashboard">
          {t('notAvailable.backToDashboard')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The same, for public routes (register, sign-up, MFA activation, Shopify sign-up). */
export function PublicNotAvailablePage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  return (
    <PublicLayout title={t('notAvailable.title')}>
      <Text>{t('notAvailable.publicBody', { page: meta ? t(meta.titleKey) : '' })}</Text>
      <Anchor component={Link} to="/login">
        {t('notAvailable.backToLogin')}
      </Anchor>
    </PublicLayout>
  );
}
