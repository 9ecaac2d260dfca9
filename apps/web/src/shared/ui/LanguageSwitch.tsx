import { Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Language } from '@sapa/contracts';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n';

/** Language names are written in their own language, so they read the same whatever the UI language. */
const OPTIONS: readonly { value: Language; label: string }[] = [
  { value: 'id', label: 'Bahasa Indonesia' },
  { value: 'en', label: 'English' },
];

/**
 * Switches the UI language (id default, en); the choice is remembered in localStorage, and `onChange`
 * (the signed-in shell) keeps it on the user too.
 */
export function LanguageSwitch({
  onChange = changeLanguage,
}: {
  onChange?: (language: Language) => Promise<void>;
} = {}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={narrow ? null : <IconLanguage size={16} aria-hidden />}
          aria-label={t('language.switch')}
          data-testid="language-switch"
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {OPTIONS.map((option) => (
          <Menu.Item
            key={option.value}
            lang={option.value}
            onClick={() => void onChange(option.value)}
            rightSection={option.value === language ? <IconCheck size={14} aria-hidden /> : null}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
