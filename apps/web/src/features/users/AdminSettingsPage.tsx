import { Paper, Tabs } from '@mantine/core';
import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { AccessRolesTab } from '../access-roles';
import { UsersTab } from './UsersTab';

const TABS = ['users', 'roles'] as const;
type Tab = (typeof TABS)[number];

/** /setting/admin (001 §2 Admin settings): Users and Access roles tabs; the tab is kept in the URL. */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'roles' ? 'roles' : 'users';
  if (!me.data) return <PageLoader />;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'roles' ? { tab: 'roles' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
            {t('admin.tabs.users')}
          </Tabs.Tab>
          <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} aria-hidden />}>
            {t('admin.tabs.roles')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab me={me.data} />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <AccessRolesTab me={me.data} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
