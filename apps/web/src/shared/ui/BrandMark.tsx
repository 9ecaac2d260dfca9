import { ThemeIcon } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="filled" aria-hidden>
      <IconMessageCircle size={size * 0.6} />
    </ThemeIcon>
  );
}
