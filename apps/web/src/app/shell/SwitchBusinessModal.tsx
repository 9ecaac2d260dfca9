import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Me } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/identity/signOut';
import { BusinessChoiceList } from '../../shared/ui/BusinessChoiceList';

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
        <BusinessChoiceList
          label={t('switchBusiness.title')}
          clients={me.clients}
          isDisabled={(client) => client.clientId === me.client.id || pending !== null}
          badge={(client) =>
            client.clientId === me.client.id ? (
              <Badge variant="light">{t('switchBusiness.current')}</Badge>
            ) : null
          }
          onChoose={choose}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
