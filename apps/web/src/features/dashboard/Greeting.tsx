import { Group, Stack, Text, Title } from '@mantine/core';
import type { Me } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { dayjs, TIME_ZONE } from '../../shared/time';

function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' | 'night' {
  if (hour >= 4 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 15) return 'afternoon';
  if (hour >= 15 && hour < 19) return 'evening';
  return 'night';
}

export function Greeting({ me }: { me: Me }) {
  const { t } = useTranslation();
  const hour = dayjs().tz(TIME_ZONE).hour();
  return (
    <Stack gap={2}>
      <Title order={2}>{t(`dashboard.greeting.${partOfDay(hour)}`, { name: me.user.name })}</Title>
      <Group gap={6}>
        <Text c="dimmed">{me.client.name}</Text>
        <Text c="dimmed" aria-hidden>
          ·
        </Text>
        <Text c="dimmed">{t(`roles.${me.role}`)}</Text>
      </Group>
    </Stack>
  );
}
