import { Paper, Tabs } from '@mantine/core';
import { can } from '@sapa/contracts';
import {
  IconBuildingBank,
  IconBuildingStore,
  IconCalendarTime,
  IconMessageBolt,
  IconPlugConnected,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accessSubjectOf, useMe } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { ShippingTab } from '../orders';
import { AutoChatTab } from './AutoChatTab';
import { BusinessInfoTab } from './BusinessInfoTab';

/**
 * /setting/store (001 §2 business settings tabs: business info, bank account, shipping or couriers, channels,
 * operating schedule, contact). Owners and admins edit (SETTING_STORE UPDATE); others read. The channels tab
 * is the channels feature's and the bank account tab the wallet's, handed in by the route table; shipping is
 * orders' couriers.
 */
export function StoreSettingsPage({
  ChannelsTab,
  BankAccountTab,
}: {
  ChannelsTab: ComponentType;
  BankAccountTab: ComponentType;
}) {
  const { t } = useTranslation();
  const me = useMe();
  // The open tab is in the address (`?tab=channels`), so a link or a back button can land on it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'business';
  const setTab = (value: string | null) =>
    setParams(
      (p) => {
        p.set('tab', value ?? 'business');
        return p;
      },
      { replace: true },
    );
  if (!me.data) return <PageLoader />;
  const canEdit = can(accessSubjectOf(me.data), 'SETTING_STORE', 'UPDATE');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md" style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          <Tabs.Tab value="business" leftSection={<IconBuildingStore size={16} aria-hidden />}>
            {t('storeSettings.tabs.business')}
          </Tabs.Tab>
          <Tabs.Tab value="schedule" leftSection={<IconCalendarTime size={16} aria-hidden />}>
            {t('storeSettings.tabs.schedule')}
          </Tabs.Tab>
          <Tabs.Tab value="automation" leftSection={<IconMessageBolt size={16} aria-hidden />}>
            {t('storeSettings.tabs.automation')}
          </Tabs.Tab>
          <Tabs.Tab value="channels" leftSection={<IconPlugConnected size={16} aria-hidden />}>
            {t('channels.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="bank" leftSection={<IconBuildingBank size={16} aria-hidden />}>
            {t('storeSettings.tabs.bank')}
          </Tabs.Tab>
          <Tabs.Tab value="shipping" leftSection={<IconTruckDelivery size={16} aria-hidden />}>
            {t('storeSettings.tabs.shipping')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="business">
          <BusinessInfoTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="schedule">
          <AutoChatTab canEdit={canEdit} part="schedule" />
        </Tabs.Panel>
        <Tabs.Panel value="automation">
          <AutoChatTab canEdit={canEdit} part="automation" />
        </Tabs.Panel>
        <Tabs.Panel value="channels">
          <ChannelsTab />
        </Tabs.Panel>
        <Tabs.Panel value="bank">
          <BankAccountTab />
        </Tabs.Panel>
        <Tabs.Panel value="shipping">
          <ShippingTab canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

/** The page with the channels tab handed in, made once when the route's chunk loads. */
export function storeSettingsPageWith(
  ChannelsTab: ComponentType,
  BankAccountTab: ComponentType,
): ComponentType {
  return function StoreSettings() {
    return <StoreSettingsPage ChannelsTab={ChannelsTab} BankAccountTab={BankAccountTab} />;
  };
}
