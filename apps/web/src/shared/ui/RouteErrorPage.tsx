import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { errorMessage } from '../api';

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|Loading (CSS )?chunk/i.test(
    message,
  );
}

/** What a route shows when its loader or page fails (000 §8 chunk load failures included). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = chunk ? t('errors.chunkLoad') : notFound ? t('notFound.body') : errorMessage(error);
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack gap="md">
          <Title order={2}>{notFound ? t('notFound.title') : t('errors.title')}</Title>
          <Text role="alert">{message}</Text>
          <Group>
            <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
            <Button variant="default" component={Link} to="/dashboard">
              {t('notAvailable.backToDashboard')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
