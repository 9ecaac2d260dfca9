import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Me } from '@sapa/contracts';
import { IconChevronDown, IconLogout, IconSwitchHorizontal, IconUserCog } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOut } from '../../features/identity/signOut';
import { SwitchBusinessModal } from './SwitchBusinessModal';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** Account settings, switch business (when the user has several), sign out. */
export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [switchOpened, switchModal] = useDisclosure(false);

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('userMenu.open')} data-testid="user-menu" data-tour="user-menu">
            <Group gap={8} wrap="nowrap">
              <Avatar size={32} radius="xl" color="initials" name={me.user.name}>
                {initials(me.user.name)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
                {me.user.name}
              </Text>
              <Box visibleFrom="sm" display="flex">
                <IconChevronDown size={14} aria-hidden />
              </Box>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {me.user.name}
            </Text>
            <Text size="xs" truncate>
              {me.client.name}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to="/setting/account"
            leftSection={<IconUserCog size={16} aria-hidden />}
          >
            {t('userMenu.accountSettings')}
          </Menu.Item>
          {me.clients.length > 1 ? (
            <Menu.Item
              leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
              onClick={switchModal.open}
            >
              {t('userMenu.switchBusiness')}
            </Menu.Item>
          ) : null}
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void signOut({ queryClient, navigate })}
          >
            {t('userMenu.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SwitchBusinessModal me={me} opened={switchOpened} onClose={switchModal.close} />
    </>
  );
}
