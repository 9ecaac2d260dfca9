import { type MantineRadius, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list's placeholder while its first page loads: `count` grey rows of `height`. */
export function SkeletonRows({
  count = 3,
  height,
  radius,
}: {
  count?: number;
  height: number;
  radius?: MantineRadius;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, row) => row).map((row) => (
        <Skeleton key={row} height={height} radius={radius} />
      ))}
    </Stack>
  );
}
