import { Button, FileInput, Group, Image, Text } from '@mantine/core';
import { BROADCAST_IMAGE_MIMES, broadcastImageProblem } from '@sapa/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import type { useUploadBroadcastImage } from './api';

/**
 * 001 §3, §5 the broadcast image, sent as the template's image header: a picked file is checked here for
 * type and size (jpeg or png, at most 2 MB), then uploaded at once; the server also reads its dimensions
 * and answers the spec's message over 500x500, shown under the field. The dialog sends `upload.data.id`.
 */
export function BroadcastImageField({
  upload,
  error,
}: {
  upload: ReturnType<typeof useUploadBroadcastImage>;
  /** A problem the create call found with the image (e.g. it is no longer stored). */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploaded = upload.data ? upload.variables : undefined;
  const src = useMemo(() => (uploaded ? URL.createObjectURL(uploaded) : null), [uploaded]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const pick = (picked: File | null) => {
    setFile(picked);
    upload.reset();
    const key = picked ? broadcastImageProblem({ mime: picked.type, size: picked.size }) : null;
    setProblem(key);
    if (picked && !key) upload.mutate(picked);
  };

  return (
    <>
      <FileInput
        label={t('broadcasts.image')}
        description={t('broadcasts.imageHint')}
        accept={BROADCAST_IMAGE_MIMES.join(',')}
        clearable
        placeholder={t('broadcasts.imagePlaceholder')}
        value={file}
        onChange={pick}
        loading={upload.isPending}
        disabled={upload.isPending}
        error={message(problem) ?? (upload.error ? errorMessage(upload.error) : error)}
      />
      {src && upload.data ? (
        <Group gap="sm" wrap="nowrap">
          <Image
            src={src}
            alt={t('broadcasts.imagePreview')}
            w={64}
            h={64}
            fit="contain"
            radius="sm"
            bd="1px solid var(--mantine-color-gray-3)"
          />
          <Text size="xs" c="dimmed" style={{ flex: 1 }}>
            {t('broadcasts.imageReady', { width: upload.data.width, height: upload.data.height })}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => pick(null)}
          >
            {t('broadcasts.imageRemove')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
