import { Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Me } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/signOut';
import classes from './SwitchBusinessModal.module.css';

/** 000 §3 enableMultiClient: switching business needs a new sign-in, pre-filled with the email and business. */
export function SwitchBusinessModal({
  me,
  opened,
  onClose,
}: {
  me: Me;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);

  const choose = (clientId: string) => {
    setPending(clientId);
    const search = new URLSearchParams({ email: me.user.email, clientId });
    void signOut({ queryClient, navigate, to: `/login?${search.toString()}` });
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={t('switchBusiness.title')}
      centered
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('switchBusiness.explain')}
        </Text>
        {me.clients.map((client) => {
          const current = client.clientId === me.client.id;
          return (
            <UnstyledButton
              key={client.clientId}
              className={classes.option}
              disabled={current || pending !== null}
              onClick={() => choose(client.clientId)}
              aria-label={client.name}
            >
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={600}>{client.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`roles.${client.role}`)}
                  </Text>
                </Stack>
                {current ? <Badge variant="light">{t('switchBusiness.current')}</Badge> : null}
              </Group>
            </UnstyledButton>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
