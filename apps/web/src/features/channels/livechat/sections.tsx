import { ColorInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { LIVECHAT_LIMITS } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { CountedInput, type SectionProps } from './fields';
import type { LivechatValues } from './form';
import { LogoField } from './LogoField';

type Props = SectionProps<LivechatValues>;

const SWATCHES = ['#0CA678', '#1C7ED6', '#7048E8', '#E8590C', '#E03131', '#212529'];

/** Basic: the account's name and the website it is installed on (001 §3, §5 domain rule). */
export function BasicSection({ values, set, error }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <TextInput
        label={t('livechatSettings.name')}
        description={t('livechatSettings.nameHint')}
        required
        value={values.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={error('name')}
      />
      <TextInput
        label={t('livechatSettings.domain')}
        description={t('livechatSettings.domainHint')}
        required
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={values.domain}
        onChange={(event) => set({ domain: event.currentTarget.value })}
        error={error('domain')}
      />
    </Stack>
  );
}

/** Display: colour, logo and persona name. */
export function DisplaySection({
  values,
  set,
  error,
  logoSrc,
  onLogo,
}: Props & { logoSrc: string | null; onLogo: (uploadId: string, src: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <ColorInput
        label={t('livechatSettings.colour')}
        required
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={6}
        closeOnColorSwatchClick
        // Keep what was typed: the contract's colour message explains a wrong value on save.
        fixOnBlur={false}
        value={values.colour}
        onChange={(colour) => set({ colour })}
        error={error('colour')}
        maw={320}
      />
      <LogoField src={logoSrc} onUploaded={onLogo} error={error('logoUploadId')} />
      <CountedInput
        label={t('livechatSettings.personaName')}
        hint={t('livechatSettings.personaHint')}
        value={values.personaName}
        max={LIVECHAT_LIMITS.personaMax}
        onChange={(personaName) => set({ personaName })}
        error={error('personaName')}
      />
    </Stack>
  );
}

/**
 * Content: what the widget says when an agent is online and when none is (001 §5: title 30, message 80). The
 * spec gives one text each, so visitors see it as written; the hint says so (the widget's own labels follow
 * the visitor's language).
 */
export function ContentSection({ values, set, error }: Props) {
  const { t } = useTranslation();
  const group = (mode: 'online' | 'offline') => {
    const titleKey = `${mode}Title` as const;
    const messageKey = `${mode}Message` as const;
    return (
      <Stack gap="sm">
        <Title order={3} size="h6">
          {t(`livechatSettings.${mode}`)}
        </Title>
        <CountedInput
          label={t(`livechatSettings.${titleKey}`)}
          value={values[titleKey]}
          max={LIVECHAT_LIMITS.titleMax}
          onChange={(value) => set({ [titleKey]: value })}
          error={error(titleKey)}
        />
        <CountedInput
          label={t(`livechatSettings.${messageKey}`)}
          value={values[messageKey]}
          max={LIVECHAT_LIMITS.messageMax}
          multiline
          onChange={(value) => set({ [messageKey]: value })}
          error={error(messageKey)}
        />
      </Stack>
    );
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="as-written-hint">
        {t('livechatSettings.asWrittenHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {group('online')}
        {group('offline')}
      </SimpleGrid>
    </Stack>
  );
}
