import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { accountEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, queryKeys, request } from '../../../shared/api';
import { QueryState } from '../../../shared/ui/QueryState';
import { MfaCodeForm } from './MfaCodeForm';

/** /setting/two-factor-verification-setup (001 §2 2FA setup; 001 §5 the code has 6 digits). */
export function TwoFactorSetupPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: queryKeys.mfaStatus,
    queryFn: ({ signal }) => request(accountEndpoints.mfaStatus, { signal }),
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };

  const setup = useMutation({ mutationFn: () => request(accountEndpoints.mfaSetup, { body: {} }) });
  const activate = useMutation({
    mutationFn: (code: string) => request(accountEndpoints.mfaActivate, { body: { code } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.mfaStatus, answer);
      setup.reset();
      refresh();
      notifications.show({ color: 'green', message: t('twoFactor.activated') });
    },
  });
  const deactivate = useMutation({
    mutationFn: (code: string) => request(accountEndpoints.mfaDeactivate, { body: { code } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.mfaStatus, answer);
      refresh();
      notifications.show({ color: 'green', message: t('twoFactor.deactivated') });
    },
  });

  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('twoFactor.title')}
          </Title>
          {status.data ? (
            <Badge color={status.data.enabled ? 'green' : 'gray'} variant="light" size="lg">
              {status.data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('twoFactor.explain')}
        </Text>

        <QueryState query={status} loading={<Skeleton height={80} />}>
          {(data) =>
            data.enabled ? (
              <Stack gap="sm">
                <Text>{t('twoFactor.deactivateExplain')}</Text>
                <MfaCodeForm
                  submitLabel={t('twoFactor.deactivate')}
                  color="red"
                  pending={deactivate.isPending}
                  serverError={deactivate.isError ? errorMessage(deactivate.error) : undefined}
                  onSubmit={(code) => deactivate.mutate(code)}
                />
              </Stack>
            ) : setup.data ? (
              <Stack gap="md">
                <List type="ordered" spacing="xs" size="sm">
                  <List.Item>{t('twoFactor.step1')}</List.Item>
                  <List.Item>{t('twoFactor.step2')}</List.Item>
                  <List.Item>{t('twoFactor.step3')}</List.Item>
                </List>
                <Group align="flex-start" gap="lg">
                  <Image
                    src={setup.data.qrDataUrl}
                    alt={t('twoFactor.qrAlt')}
                    w={200}
                    h={200}
                    radius="sm"
                    style={{ border: '1px solid var(--mantine-color-gray-3)' }}
                  />
                  <Stack gap={6} miw={0} style={{ flex: 1 }}>
                    <Text size="sm" fw={600}>
                      {t('twoFactor.secret')}
                    </Text>
                    <Code block data-testid="mfa-secret" style={{ wordBreak: 'break-all' }}>
                      {setup.data.secret}
                    </Code>
                    <CopyButton value={setup.data.secret}>
                      {({ copied, copy }) => (
                        <Button size="xs" variant="default" onClick={copy} w="fit-content">
                          {copied ? t('common.copied') : t('common.copy')}
                        </Button>
                      )}
                    </CopyButton>
                  </Stack>
                </Group>
                <MfaCodeForm
                  submitLabel={t('twoFactor.activate')}
                  pending={activate.isPending}
                  serverError={activate.isError ? errorMessage(activate.error) : undefined}
                  onSubmit={(code) => activate.mutate(code)}
                />
              </Stack>
            ) : (
              <Stack gap="sm" align="flex-start">
                {setup.isError ? (
                  <Alert color="red" role="alert">
                    {errorMessage(setup.error)}
                  </Alert>
                ) : null}
                <Button onClick={() => setup.mutate()} loading={setup.isPending}>
                  {t('twoFactor.setUp')}
                </Button>
              </Stack>
            )
          }
        </QueryState>
        <Anchor component={Link} to="/setting/account" size="sm">
          {t('common.back')}
        </Anchor>
      </Stack>
    </Card>
  );
}
