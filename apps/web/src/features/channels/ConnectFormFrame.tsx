import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { errorMessage } from '../../shared/api';

/**
 * The frame of a channel connection form: a titled panel with its hint, the fields in two columns, the
 * server's refusal (translated) and the submit button.
 */
export function ConnectFormFrame({
  id,
  title,
  hint,
  submitLabel,
  onSubmit,
  pending,
  error,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {children}
        </SimpleGrid>
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
