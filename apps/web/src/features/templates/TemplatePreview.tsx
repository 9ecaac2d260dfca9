import { Box, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TemplateButtonInput, TemplateHeaderType } from '@sapa/contracts';
import {
  IconArrowBackUp,
  IconExternalLink,
  IconFileText,
  IconPhone,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const MEDIA_ICONS = { image: IconPhoto, video: IconVideo, document: IconFileText } as const;
const BUTTON_ICONS = {
  QUICK_REPLY: IconArrowBackUp,
  PHONE_NUMBER: IconPhone,
  URL: IconExternalLink,
} as const;

/** The template as a WhatsApp chat bubble, with the variables' samples filled in (001 §2 template form). */
export function TemplatePreview({
  headerType,
  headerText,
  body,
  footer,
  buttons,
}: {
  headerType: TemplateHeaderType;
  headerText: string;
  body: string;
  footer: string;
  buttons: readonly TemplateButtonInput[];
}) {
  const { t } = useTranslation();
  const MediaIcon = headerType === 'none' || headerType === 'text' ? null : MEDIA_ICONS[headerType];
  return (
    <Box
      p="md"
      style={{ background: '#efeae2', borderRadius: 'var(--mantine-radius-md)', minHeight: 220 }}
      aria-label={t('waTemplates.preview')}
      role="figure"
      data-testid="template-preview"
    >
      <Stack gap={4} maw={320}>
        <Paper
          p="xs"
          radius="md"
          shadow="xs"
          style={{ background: '#ffffff', borderTopLeftRadius: 0, color: '#111b21' }}
        >
          {MediaIcon ? (
            <Box
              mb="xs"
              h={120}
              style={{
                background: '#d1d7db',
                borderRadius: 6,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <MediaIcon size={40} color="#54656f" aria-hidden />
            </Box>
          ) : null}
          {headerType === 'text' && headerText ? (
            <Text fw={700} size="sm" mb={4} style={{ wordBreak: 'break-word' }}>
              {headerText}
            </Text>
          ) : null}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {body || t('waTemplates.previewEmpty')}
          </Text>
          {footer ? (
            <Text size="xs" c="#667781" mt={4}>
              {footer}
            </Text>
          ) : null}
          <Text size="xs" c="#667781" ta="right">
            09:41
          </Text>
        </Paper>
        {buttons.map((b, i) => {
          const Icon = BUTTON_ICONS[b.type];
          return (
            <UnstyledButton
              // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id while edited
              key={i}
              tabIndex={-1}
              style={{
                background: '#ffffff',
                borderRadius: 8,
                padding: '6px 8px',
                display: 'flex',
                gap: 6,
                alignItems: 'center',
                justifyContent: 'center',
                color: '#027eb5',
              }}
            >
              <Icon size={16} aria-hidden />
              <Text size="sm" fw={500}>
                {b.text || t('waTemplates.buttonText')}
              </Text>
            </UnstyledButton>
          );
        })}
      </Stack>
    </Box>
  );
}
