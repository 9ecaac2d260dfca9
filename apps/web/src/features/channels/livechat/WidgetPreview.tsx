import { Avatar, Box, Group, Paper, SegmentedControl, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircle, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLOUR, type LivechatValues, textColourOn } from './form';

const HEX = /^#[0-9a-f]{6}$/i;

function MockInput({ label }: { label: string }) {
  return (
    <div>
      <Text size="xs" fw={500} mb={2}>
        {label}
      </Text>
      <Box h={28} style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }} />
    </div>
  );
}

/**
 * A static picture of the widget panel as visitors will see it (colour, logo, titles, persona, pre-chat
 * form), updated as the form changes. It is a drawing, so assistive technology reads it as one image.
 */
export function WidgetPreview({ values, logoSrc }: { values: LivechatValues; logoSrc: string | null }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'online' | 'offline'>('online');
  const colour = HEX.test(values.colour.trim()) ? values.colour.trim() : DEFAULT_COLOUR;
  const ink = textColourOn(colour);
  const title = (mode === 'online' ? values.onlineTitle : values.offlineTitle).trim();
  const message = (mode === 'online' ? values.onlineMessage : values.offlineMessage).trim();
  const consent = values.consentText.trim();

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" maw={340} w="100%">
        <Title order={2} size="h6">
          {t('livechatSettings.preview.title')}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('livechatSettings.preview.mode')}
          value={mode}
          onChange={(value) => setMode(value as 'online' | 'offline')}
          data={[
            { value: 'online', label: t('livechatSettings.preview.online') },
            { value: 'offline', label: t('livechatSettings.preview.offline') },
          ]}
        />
      </Group>
      <Paper
        role="img"
        aria-label={t('livechatSettings.preview.label')}
        withBorder
        radius="lg"
        shadow="sm"
        style={{ overflow: 'hidden' }}
        maw={340}
        w="100%"
      >
        <Box p="md" style={{ background: colour, color: ink }}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar src={logoSrc} size={44} radius="xl" color="gray" bg="white">
              <IconPhoto size={20} />
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere', opacity: title ? 1 : 0.7 }}>
                {title || t('livechatSettings.preview.titlePlaceholder')}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', opacity: message ? 0.95 : 0.7 }}>
                {message || t('livechatSettings.preview.messagePlaceholder')}
              </Text>
            </div>
          </Group>
        </Box>
        <Stack gap="xs" p="md">
          {values.personaName.trim() ? (
            <Text size="xs" c="dimmed">
              {t('livechatSettings.preview.persona', { name: values.personaName.trim() })}
            </Text>
          ) : null}
          <MockInput label={t('livechatSettings.preview.visitorName')} />
          {values.fields.map((row) => (
            <MockInput key={row.key} label={row.label.trim() || '—'} />
          ))}
          {consent ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Box
                mt={3}
                w={14}
                h={14}
                style={{ flex: 'none', border: '1px solid var(--mantine-color-gray-5)', borderRadius: 3 }}
              />
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {consent}
              </Text>
            </Group>
          ) : null}
          <Box py={6} mt={4} style={{ background: colour, color: ink, borderRadius: 6, textAlign: 'center' }}>
            <Text size="sm" fw={600}>
              {t('livechatSettings.preview.start')}
            </Text>
          </Box>
        </Stack>
      </Paper>
      <Group justify="flex-end" maw={340} w="100%" aria-hidden>
        <ThemeIcon size={48} radius="xl" style={{ background: colour, color: ink }}>
          <IconMessageCircle size={26} />
        </ThemeIcon>
      </Group>
    </Stack>
  );
}
