import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { clientChoiceSchema } from '@sapa/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import classes from './BusinessChoiceList.module.css';

export type BusinessChoice = z.infer<typeof clientChoiceSchema>;

/** The businesses a user belongs to, one button each (sign-in account selection, switch business). */
export function BusinessChoiceList({
  label,
  clients,
  isDisabled,
  badge,
  onChoose,
}: {
  label: string;
  clients: readonly BusinessChoice[];
  isDisabled: (client: BusinessChoice) => boolean;
  badge: (client: BusinessChoice) => ReactNode;
  onChoose: (clientId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {clients.map((client) => (
        <UnstyledButton
          key={client.clientId}
          role="listitem"
          className={classes.option}
          disabled={isDisabled(client)}
          onClick={() => onChoose(client.clientId)}
          aria-label={client.name}
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>{client.name}</Text>
              <Text size="xs" c="dimmed">
                {t(`roles.${client.role}`)}
              </Text>
            </Stack>
            {badge(client)}
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
