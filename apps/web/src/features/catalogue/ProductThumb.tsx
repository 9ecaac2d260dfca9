import { Box, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMediaUrl } from '../../shared/api';

/** A product photo fetched with the session (photos are served to the business only), or a placeholder. */
export function ProductThumb({ url, size = 44, alt }: { url: string | null; size?: number; alt: string }) {
  const { src } = useMediaUrl(url);
  return (
    <Box
      w={size}
      h={size}
      style={{
        borderRadius: 6,
        overflow: 'hidden',
        background: 'var(--mantine-color-gray-1)',
        display: 'grid',
        placeItems: 'center',
        flex: 'none',
      }}
    >
      {src ? (
        <Image src={src} alt={alt} w={size} h={size} fit="cover" />
      ) : (
        <IconPhoto size={size / 2} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
    </Box>
  );
}
