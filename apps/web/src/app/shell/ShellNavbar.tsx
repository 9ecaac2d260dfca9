import { Badge, NavLink, ScrollArea } from '@mantine/core';
import type { Me } from '@sapa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { accessSubjectOf } from '../../shared/api';
import { type NavLeaf, navigationFor } from './navigation';
import { hasPremiumPackage } from './premium';

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The menus the user may READ; premium menus carry a badge for businesses without a premium package.
 * `onNavigate` runs on every tap of an entry, the current page's too (the phone drawer closes).
 */
export function ShellNavbar({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = useMemo(() => navigationFor(accessSubjectOf(me)), [me]);
  const showPremium = !hasPremiumPackage(me);

  const leafLink = (leaf: NavLeaf, icon?: React.ReactNode) => (
    <NavLink
      key={leaf.path}
      component={Link}
      to={leaf.path}
      label={t(leaf.labelKey)}
      leftSection={icon}
      active={isActive(pathname, leaf.path)}
      onClick={onNavigate}
      rightSection={
        showPremium && leaf.route.premium ? (
          <Badge size="xs" variant="light" color="yellow">
            {t('nav.premium')}
          </Badge>
        ) : null
      }
    />
  );

  return (
    <ScrollArea type="scroll" h="100%" p="xs" component="nav" aria-label={t('nav.label')} data-tour="navbar">
      {entries.map((entry) => {
        const Icon = entry.icon;
        if (entry.kind === 'leaf') return leafLink(entry, <Icon size={18} stroke={1.6} />);
        const open = entry.items.some((item) => isActive(pathname, item.path));
        return (
          <NavLink
            key={entry.key}
            label={t(entry.labelKey)}
            leftSection={<Icon size={18} stroke={1.6} />}
            defaultOpened={open}
            childrenOffset={28}
          >
            {entry.items.map((item) => leafLink(item))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
