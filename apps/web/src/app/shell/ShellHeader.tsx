import { Anchor, Burger, Group, Text } from '@mantine/core';
import type { Me } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveUserLanguage } from '../../shared/api';
import { BrandMark } from '../../shared/ui/BrandMark';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { useAppInfo } from '../appInfo';
import { useRouteMeta } from '../useRouteMeta';
import { ChatCreditBalance } from './ChatCreditBalance';
import { UserMenu } from './UserMenu';

export function ShellHeader({
  me,
  navOpened,
  onToggleNav,
}: {
  me: Me;
  navOpened: boolean;
  onToggleNav: () => void;
}) {
  const { t } = useTranslation();
  const info = useAppInfo();
  const meta = useRouteMeta();
  const queryClient = useQueryClient();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('nav.close') : t('nav.open')}
        />
        <Anchor component={Link} to="/dashboard" c="inherit" underline="never" visibleFrom="sm">
          <Group gap="xs" wrap="nowrap">
            <BrandMark size={28} />
            <Text fw={700}>{info.partner.brandName}</Text>
          </Group>
        </Anchor>
        {/* On a phone the title takes two smaller lines rather than being cut (issue 16 §9). */}
        <Text
          component="h1"
          fz={{ base: 'sm', sm: 'lg' }}
          lh={1.25}
          fw={600}
          m={0}
          lineClamp={2}
          miw={0}
          pl={{ sm: 'md' }}
          data-testid="page-title"
        >
          {meta ? t(meta.titleKey) : ''}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ChatCreditBalance />
        <LanguageSwitch onChange={(language) => saveUserLanguage(queryClient, language)} />
        <UserMenu me={me} />
      </Group>
    </Group>
  );
}
