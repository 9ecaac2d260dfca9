import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, type WaCatalogueState } from '@sapa/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, useMe } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah } from '../payments';
import { useSyncWaCatalogue, useWaCatalogue } from './api';

const STATE_COLORS = { synced: 'green', pending: 'orange', noSku: 'gray', noPhoto: 'gray' } as const;

/**
 * /product/whatsapp-catalogue (000 §2; issue 19 §4): the products in the WhatsApp catalogue of the connected
 * number (retailer id = SKU), each product's state there, and the sync.
 */
export function WhatsappCataloguePage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const state = useWaCatalogue();
  const sync = useSyncWaCatalogue();
  const maySync = me.data ? can(accessSubjectOf(me.data), 'WHATSAPP_CATALOGUE', 'UPDATE') : false;
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between">
        <Title order={2}>{t('waCatalogue.title')}</Title>
        {maySync ? (
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={sync.isPending}
            disabled={!state.data?.account}
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: t('waCatalogue.synced') }),
                onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
              })
            }
          >
            {t('waCatalogue.sync')}
          </Button>
        ) : null}
      </Group>
      <QueryState query={state} loading={<SkeletonRows count={5} height={44} />}>
        {(data: WaCatalogueState) => (
          <Stack gap="sm">
            {data.account ? (
              <Text size="sm" c="dimmed" data-testid="wa-catalogue-summary">
                {t('waCatalogue.summary', {
                  account: data.account.name,
                  catalog: data.catalogId ?? '—',
                  when: data.syncedAt
                    ? new Date(data.syncedAt).toLocaleString(i18n.language)
                    : t('waCatalogue.never'),
                })}
              </Text>
            ) : (
              <Alert color="yellow">{t('waCatalogue.noAccountHint')}</Alert>
            )}
            {data.lastError ? (
              <Alert color="red" role="alert">
                {t('waCatalogue.lastError', { error: data.lastError })}
              </Alert>
            ) : null}
            {data.items.length === 0 ? (
              <EmptyState title={t('waCatalogue.empty')}>{t('waCatalogue.emptyHint')}</EmptyState>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" data-testid="wa-catalogue-items">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('catalogue.fields.name')}</Table.Th>
                      <Table.Th>{t('waCatalogue.retailerId')}</Table.Th>
                      <Table.Th>{t('catalogue.fields.price')}</Table.Th>
                      <Table.Th>{t('waCatalogue.state')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((item) => (
                      <Table.Tr key={item.productId}>
                        <Table.Td>
                          <Text size="sm">{item.name}</Text>
                          {item.active ? null : (
                            <Text size="xs" c="dimmed">
                              {t('waCatalogue.outOfStock')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {item.sku ?? '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{formatRupiah(item.price, i18n.language)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATE_COLORS[item.state]}>
                            {t(`waCatalogue.states.${item.state}`)}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
