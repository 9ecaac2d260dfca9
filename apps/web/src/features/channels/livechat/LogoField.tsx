import { Avatar, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { LIVECHAT_LIMITS } from '@sapa/contracts';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { useUploadLogo } from './api';
import { checkLogoFile } from './form';

/** The pixel size of an image file, or null when the browser cannot decode it. */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * The logo (001 §5: required, png/jpg/jpeg, max 5 MB, max 320x320 px). The file is checked here the way
 * the server checks it, then uploaded at once; the form keeps the returned upload id.
 */
export function LogoField({
  src,
  onUploaded,
  error,
}: {
  src: string | null;
  onUploaded: (uploadId: string, src: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const uploadLogo = useUploadLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  // Lets the same file be picked again after a refusal.
  const resetRef = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    resetRef.current?.();
    uploadLogo.reset();
    setSize(null);
    const dimensions = await imageSize(file);
    const key = checkLogoFile({
      type: file.type,
      name: file.name,
      size: file.size,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    });
    setProblem(key);
    if (key) return;
    uploadLogo.mutate(file, {
      onSuccess: (logo) => {
        setSize({ width: logo.width, height: logo.height });
        onUploaded(logo.uploadId, URL.createObjectURL(file));
      },
    });
  };

  const shown = message(problem) ?? (uploadLogo.error ? errorMessage(uploadLogo.error) : undefined) ?? error;
  return (
    <Input.Wrapper
      label={t('livechatSettings.logo')}
      description={t('livechatSettings.logoHint')}
      required
      error={shown}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group gap="md" mt={6} wrap="nowrap">
        <Avatar
          src={src}
          size={64}
          radius="md"
          alt={src ? t('livechatSettings.logo') : undefined}
          color="gray"
        >
          <IconPhoto aria-hidden />
        </Avatar>
        <div>
          <FileButton
            resetRef={resetRef}
            accept={LIVECHAT_LIMITS.logoTypes.join(',')}
            onChange={(file) => void pick(file)}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={uploadLogo.isPending}
                leftSection={<IconUpload size={16} aria-hidden />}
              >
                {src ? t('livechatSettings.changeLogo') : t('livechatSettings.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {size ? (
            <Text size="xs" c="dimmed" mt={4}>
              {t('livechatSettings.logoReady', size)}
            </Text>
          ) : null}
        </div>
      </Group>
    </Input.Wrapper>
  );
}
