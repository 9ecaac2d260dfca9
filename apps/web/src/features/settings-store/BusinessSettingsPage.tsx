import { Paper, Tabs } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { ChannelsTab } from './ChannelsTab';

/** /setting/store (business settings): for now only the Channels tab (connected channel accounts). */
export function BusinessSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return <PageLoader />;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Tabs value="channels" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="channels" leftSection={<IconPlugConnected size={16} aria-hidden />}>
            {t('channels.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="channels">
          <ChannelsTab me={me.data} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
