import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        <IconInbox size={24} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {children ? (
        <Text c="dimmed" size="sm" ta="center">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
