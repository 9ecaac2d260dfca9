import { ActionIcon, Box, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES, PRODUCT_PHOTOS_MAX } from '@sapa/contracts';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { useUploadPhoto } from './api';
import { ProductThumb } from './ProductThumb';

type Photo = { id: string; thumbnailUrl: string };

/** Product photos (up to 5, JPG/PNG/WEBP ≤ 5 MB): uploaded as chosen, previewed from the server's thumbnail. */
export function PhotoPicker({ photos, onChange }: { photos: Photo[]; onChange: (photos: Photo[]) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const uploadPhoto = useUploadPhoto();
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!(PRODUCT_PHOTO_TYPES as readonly string[]).includes(file.type))
      return setError(message('catalogue.photoType') ?? null);
    if (file.size > PRODUCT_PHOTO_MAX_BYTES) return setError(message('catalogue.photoSize') ?? null);
    uploadPhoto.mutate(file, {
      onSuccess: (photo) => onChange([...photos, { id: photo.id, thumbnailUrl: photo.thumbnailUrl }]),
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('catalogue.fields.photos')}
      </Text>
      <Group gap="sm">
        {photos.map((photo, i) => (
          <Box key={photo.id} pos="relative" data-testid="product-photo">
            <ProductThumb url={photo.thumbnailUrl} size={88} alt={t('catalogue.photoAlt', { n: i + 1 })} />
            <ActionIcon
              size="sm"
              radius="xl"
              color="dark"
              pos="absolute"
              top={4}
              right={4}
              aria-label={t('catalogue.removePhoto', { n: i + 1 })}
              onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
            >
              <IconX size={12} aria-hidden />
            </ActionIcon>
          </Box>
        ))}
        {photos.length < PRODUCT_PHOTOS_MAX ? (
          <FileButton onChange={choose} accept={PRODUCT_PHOTO_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                h={88}
                w={88}
                p={0}
                aria-label={t('catalogue.addPhoto')}
                disabled={uploadPhoto.isPending}
              >
                {uploadPhoto.isPending ? <Loader size="sm" /> : <IconPhotoPlus size={24} aria-hidden />}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'}>
        {error ?? t('catalogue.photoHint', { max: PRODUCT_PHOTOS_MAX })}
      </Text>
    </Stack>
  );
}
