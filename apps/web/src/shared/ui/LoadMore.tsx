import { Button, Group, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The paging part of an infinite (keyset) query: what "load more" needs. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" centred under a paged list, while there is a next page; it spins while that page loads. */
export function LoadMoreButton({ pages, mt }: { pages: NextPages; mt?: MantineSpacing }) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <Group justify="center" mt={mt}>
      <Button variant="default" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {t('common.loadMore')}
      </Button>
    </Group>
  );
}
