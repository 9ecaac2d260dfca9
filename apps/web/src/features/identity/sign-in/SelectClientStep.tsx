import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type BusinessChoice, BusinessChoiceList } from '../../../shared/ui/BusinessChoiceList';

/** 001 §2 multi-client account selection: the user belongs to several businesses and picks one. */
export function SelectClientStep({
  clients,
  pendingClientId,
  error,
  onChoose,
  onBack,
}: {
  clients: readonly BusinessChoice[];
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
      <BusinessChoiceList
        label={t('login.selectClientTitle')}
        clients={clients}
        isDisabled={() => pendingClientId !== null}
        badge={(client) =>
          pendingClientId === client.clientId ? <Badge variant="light">{t('common.loading')}</Badge> : null
        }
        onChoose={onChoose}
      />
      <Button variant="subtle" onClick={onBack}>
        {t('login.backToSignIn')}
      </Button>
    </Stack>
  );
}
