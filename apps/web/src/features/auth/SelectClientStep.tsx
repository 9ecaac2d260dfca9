import { Alert, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { clientChoiceSchema } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import classes from './SelectClientStep.module.css';

type ClientChoice = z.infer<typeof clientChoiceSchema>;

/** 001 §2 multi-client account selection: the user belongs to several businesses and picks one. */
export function SelectClientStep({
  clients,
  pendingClientId,
  error,
  onChoose,
  onBack,
}: {
  clients: readonly ClientChoice[];
  pendingClientId: string | null;
  error: string | null;
  onChoose: (clientId: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('login.selectClientExplain')}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack gap="xs" role="list" aria-label={t('login.selectClientTitle')}>
        {clients.map((client) => (
          <UnstyledButton
            key={client.clientId}
            role="listitem"
            className={classes.option}
            disabled={pendingClientId !== null}
            onClick={() => onChoose(client.clientId)}
          >
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={600}>{client.name}</Text>
                <Text size="xs" c="dimmed">
                  {t(`roles.${client.role}`)}
                </Text>
              </Stack>
              {pendingClientId === client.clientId ? (
                <Badge variant="light">{t('common.loading')}</Badge>
              ) : null}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      <Button variant="subtle" onClick={onBack}>
        {t('login.backToSignIn')}
      </Button>
    </Stack>
  );
}
