import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api';

/** The app information could not be loaded (server down or unreachable). */
export function BootError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('errors.bootTitle')}
          </Title>
          <Text role="alert">{errorMessage(error)}</Text>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
