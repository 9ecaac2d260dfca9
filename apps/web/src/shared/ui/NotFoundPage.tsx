import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <Stack gap="md" align="flex-start">
        <Title order={2}>{t('notFound.title')}</Title>
        <Text>{t('notFound.body')}</Text>
        <Button component={Link} to="/dashboard">
          {t('notAvailable.backToDashboard')}
        </Button>
      </Stack>
    </Paper>
  );
}
