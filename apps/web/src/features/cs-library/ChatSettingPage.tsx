import { Paper, Tabs } from '@mantine/core';
import { can } from '@sapa/contracts';
import {
  IconBolt,
  IconForms,
  IconInputCheck,
  IconMessageBolt,
  IconNote,
  IconTags,
  IconUserShare,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accessSubjectOf, useMe } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { ConfigurationTab, GroupsTab } from '../teams';
import { FieldsTab, FormsTab } from '../ticket-forms';
import { LibraryTab } from './LibraryTab';
import { MacrosTab } from './MacrosTab';

const TABS = [
  'quick-replies',
  'remarks',
  'chat-tags',
  'macros',
  'forms',
  'fields',
  'groups',
  'assignment',
] as const;
type Tab = (typeof TABS)[number];

/**
 * /customer-service/chat-setting (000 §2, CUSTOMER_SERVICE_SETTING): the chat library (001 §3 quick replies,
 * remarks, chat tags), macros (000 §2) and ticket forms and fields (000 §3). The tab is kept in the URL.
 */
export function ChatSettingPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'quick-replies';
  if (!me.data) return <PageLoader />;
  const subject = accessSubjectOf(me.data);
  const canManage = can(subject, 'CUSTOMER_SERVICE_SETTING', 'UPDATE');
  const icon = { size: 16, 'aria-hidden': true } as const;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== 'quick-replies' ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="quick-replies" leftSection={<IconMessageBolt {...icon} />}>
            {t('csLibrary.quickReplies.title')}
          </Tabs.Tab>
          <Tabs.Tab value="remarks" leftSection={<IconNote {...icon} />}>
            {t('csLibrary.remarks.title')}
          </Tabs.Tab>
          <Tabs.Tab value="chat-tags" leftSection={<IconTags {...icon} />}>
            {t('csLibrary.chatTags.title')}
          </Tabs.Tab>
          <Tabs.Tab value="macros" leftSection={<IconBolt {...icon} />}>
            {t('csLibrary.macros.title')}
          </Tabs.Tab>
          <Tabs.Tab value="forms" leftSection={<IconForms {...icon} />}>
            {t('ticketForms.forms.title')}
          </Tabs.Tab>
          <Tabs.Tab value="fields" leftSection={<IconInputCheck {...icon} />}>
            {t('ticketForms.fields.title')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconUsersGroup {...icon} />}>
            {t('teams.tabs.groups')}
          </Tabs.Tab>
          <Tabs.Tab value="assignment" leftSection={<IconUserShare {...icon} />}>
            {t('teams.tabs.configuration')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="quick-replies">
          <LibraryTab kind="quick-replies" canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="remarks">
          <LibraryTab kind="remarks" canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="chat-tags">
          <LibraryTab kind="chat-tags" canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="macros">
          <MacrosTab canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="forms">
          <FormsTab canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="fields">
          <FieldsTab canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <GroupsTab canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="assignment">
          <ConfigurationTab canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
