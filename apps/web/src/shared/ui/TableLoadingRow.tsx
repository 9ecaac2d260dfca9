import { Skeleton, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One placeholder row across a table's `columns` while its rows load. */
export function TableLoadingRow({ columns }: { columns: number }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Skeleton height={32} aria-label={t('common.loading')} />
      </Table.Td>
    </Table.Tr>
  );
}
