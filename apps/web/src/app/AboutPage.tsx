import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../shared/i18n';
import { TIME_ZONE } from '../shared/time';
import { PublicLayout } from '../shared/ui/PublicLayout';
import { useAppInfo } from './appInfo';

/** /about: what this is and which version runs. */
export function AboutPage() {
  const { t } = useTranslation();
  const info = useAppInfo();
  const tagline = info.partner.tagline[currentLanguage()];
  return (
    <PublicLayout title={t('about.title', { brand: info.partner.brandName })}>
      <Stack gap="md">
        <Text>{t('about.body', { brand: info.partner.brandName })}</Text>
        {tagline ? <Text c="dimmed">{tagline}</Text> : null}
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('about.version')}</Table.Th>
              <Table.Td data-testid="app-version">{info.version}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('about.timeZone')}</Table.Th>
              <Table.Td>{TIME_ZONE}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">{t('about.openSource')}</Text>
        <Anchor component={Link} to="/login">
          {t('notAvailable.backToLogin')}
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
