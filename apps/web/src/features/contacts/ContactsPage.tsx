import { Paper, Tabs } from '@mantine/core';
import { IconAddressBook, IconTags, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { contactAccessOf } from './access';
import { ContactsTab } from './ContactsTab';
import { GroupsTab } from './GroupsTab';
import { TagsTab } from './TagsTab';

const TABS = ['contacts', 'groups', 'tags'] as const;
type Tab = (typeof TABS)[number];

/** /contact (001 §2 Contacts, customer groups, contact tags): one tab each; the tab is kept in the URL. */
export function ContactsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'contacts';
  if (!me.data) return <PageLoader />;
  const access = contactAccessOf(me.data);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== 'contacts' ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="contacts" leftSection={<IconAddressBook size={16} aria-hidden />}>
            {t('contacts.tabs.contacts')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconUsersGroup size={16} aria-hidden />}>
            {t('contacts.tabs.groups')}
          </Tabs.Tab>
          <Tabs.Tab value="tags" leftSection={<IconTags size={16} aria-hidden />}>
            {t('contacts.tabs.tags')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contacts">
          <ContactsTab access={access} />
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <GroupsTab access={access} />
        </Tabs.Panel>
        <Tabs.Panel value="tags">
          <TagsTab access={access} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
