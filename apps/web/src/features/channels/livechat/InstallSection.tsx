import { Button, Code, CopyButton, List, Stack, Text, Title } from '@mantine/core';
import type { LivechatAccount } from '@sapa/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Install: the `<script>` snippet to paste in the site, a copy button and a short how-to (001 §2). */
export function InstallSection({ account }: { account: LivechatAccount }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={3} size="h6">
        {t('livechatSettings.install.title')}
      </Title>
      <List type="ordered" spacing={4} size="sm">
        <List.Item>{t('livechatSettings.install.step1')}</List.Item>
        <List.Item>{t('livechatSettings.install.step2', { domain: account.domain })}</List.Item>
        <List.Item>{t('livechatSettings.install.step3')}</List.Item>
      </List>
      <Stack gap={6}>
        <Text fw={500} size="sm">
          {t('livechatSettings.install.snippet')}
        </Text>
        <Code
          block
          data-testid="livechat-snippet"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {account.snippet}
        </Code>
        <CopyButton value={account.snippet}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
              style={{ alignSelf: 'flex-start' }}
            >
              {copied ? t('livechatSettings.install.copied') : t('livechatSettings.install.copy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
      <Text size="sm" c="dimmed">
        {t('livechatSettings.install.note')}
      </Text>
    </Stack>
  );
}
