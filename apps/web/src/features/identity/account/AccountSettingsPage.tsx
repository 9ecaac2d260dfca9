import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconKey, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../shared/api';
import { PageLoader } from '../../../shared/ui/PageLoader';

/** /setting/account (001 §2 account settings): profile, change password, security (2FA). */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return <PageLoader />;
  const { user, client, role, csPosition, accountCountry, mfaEnabled } = me.data;
  const rows: [string, string][] = [
    [t('account.name'), user.name],
    [t('account.email'), user.email],
    [t('account.phone'), user.phone ?? '—'],
    [t('account.business'), client.name],
    [t('account.role'), t(`roles.${role}`)],
    [t('account.csPosition'), csPosition ? t(`csPosition.${csPosition}`) : '—'],
    [t('account.country'), accountCountry ?? client.countryDefault],
  ];
  return (
    <Stack gap="lg" maw={960}>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('account.profile')}
          </Title>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={{ base: 120, sm: 200 }}>{label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" h="100%" justify="space-between">
            <Stack gap={4}>
              <Group gap="xs">
                <IconKey size={20} aria-hidden />
                <Title order={2} size="h5">
                  {t('account.passwordTitle')}
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                {t('account.passwordBody')}
              </Text>
            </Stack>
            <Button component={Link} to="/setting/self-change-password" variant="light">
              {t('account.changePassword')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" h="100%" justify="space-between">
            <Stack gap={4}>
              <Group gap="xs">
                <IconShieldCheck size={20} aria-hidden />
                <Title order={2} size="h5">
                  {t('account.twoFactorTitle')}
                </Title>
                <Badge color={mfaEnabled ? 'green' : 'gray'} variant="light">
                  {mfaEnabled ? t('twoFactor.on') : t('twoFactor.off')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('account.twoFactorBody')}
              </Text>
            </Stack>
            <Button component={Link} to="/setting/two-factor-verification-setup" variant="light">
              {mfaEnabled ? t('account.manageTwoFactor') : t('account.setUpTwoFactor')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
