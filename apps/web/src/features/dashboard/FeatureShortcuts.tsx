import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { can, type Me } from '@sapa/contracts';
import {
  IconAddressBook,
  IconBox,
  IconCoins,
  IconMessages,
  IconReceipt,
  IconSpeakerphone,
  IconTemplate,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPage } from '../../app/builtPages';
import { shellRouteByPath } from '../../app/routes';
import { accessSubjectOf } from '../../shared/api';
import classes from './FeatureShortcuts.module.css';

const SHORTCUTS: readonly { path: string; icon: ComponentType<{ size?: number }>; key: string }[] = [
  { path: '/customer-service/inbox', icon: IconMessages, key: 'inbox' },
  { path: '/contact', icon: IconAddressBook, key: 'contacts' },
  { path: '/broadcast/whatsapp', icon: IconSpeakerphone, key: 'broadcast' },
  { path: '/template/whatsapp', icon: IconTemplate, key: 'templates' },
  { path: '/product/list', icon: IconBox, key: 'products' },
  { path: '/transaction', icon: IconReceipt, key: 'transactions' },
  { path: '/chat-credits', icon: IconCoins, key: 'chatCredits' },
  { path: '/setting/admin', icon: IconUsers, key: 'team' },
  { path: '/setting/account', icon: IconUserCog, key: 'account' },
];

/** 001 §2 Dashboard "feature shortcuts": only features that work and that the user may READ. */
export function FeatureShortcuts({ me }: { me: Me }) {
  const { t } = useTranslation();
  const subject = accessSubjectOf(me);
  const visible = SHORTCUTS.filter((shortcut) => {
    const route = shellRouteByPath(shortcut.path);
    if (!route || !hasPage(route.path)) return false;
    return !route.permission || can(subject, route.permission, 'READ');
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('dashboard.shortcuts.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {visible.map((shortcut) => {
            const Icon = shortcut.icon;
            return (
              <UnstyledButton
                key={shortcut.path}
                component={Link}
                to={shortcut.path}
                className={classes.shortcut}
              >
                <Group wrap="nowrap" gap="sm" align="flex-start">
                  <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <Stack gap={0} miw={0}>
                    <Text fw={600}>{t(`dashboard.shortcuts.${shortcut.key}.title`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`dashboard.shortcuts.${shortcut.key}.body`)}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
