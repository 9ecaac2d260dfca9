import { Alert, Badge, Button, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { can, creditStatusText, describeCreditMutation, type Language } from '@sapa/contracts';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, chatCreditQuery, queryKeys, useMe } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatCredits, PendingTopUp, TopUpDialog } from '../payments';
import { billingKeys, downloadCreditMutations, type MutationRange, useCreditMutations } from './api';

/** /chat-credits (001 §2 chat credits: tabs Balance and Mutation; §4 Top-up). */
export function ChatCreditsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('chatCredits.title')}
      </Title>
      <Tabs defaultValue="balance" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="balance">{t('chatCredits.tabBalance')}</Tabs.Tab>
          <Tabs.Tab value="mutation">{t('chatCredits.tabMutation')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="balance" pt="md">
          <BalanceTab />
        </Tabs.Panel>
        <Tabs.Panel value="mutation" pt="md">
          <MutationTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function BalanceTab() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const balance = useQuery(chatCreditQuery);
  const client = useQueryClient();
  const [topUpOpen, setTopUpOpen] = useState(false);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.chatCredit });
    void client.invalidateQueries({ queryKey: billingKeys.all });
  }, [client]);
  const canTopUp = me.data ? can(accessSubjectOf(me.data), 'CHAT_CREDITS', 'CREATE') : false;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <QueryState query={balance} loading={<SkeletonRows count={1} height={56} />}>
          {(data) => (
            <Group justify="space-between" align="flex-end">
              <div>
                <Text size="sm" c="dimmed">
                  {t('chatCredits.balance')}
                </Text>
                <Text size="xl" fw={700} data-testid="credit-balance">
                  {formatCredits(data.balance, i18n.language)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('chatCredits.bonus', { bonus: formatCredits(data.balanceBonus, i18n.language) })}
                </Text>
              </div>
              {canTopUp && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setTopUpOpen(true)}>
                  {t('chatCredits.topUp')}
                </Button>
              )}
            </Group>
          )}
        </QueryState>
      </Paper>
      <PendingTopUp onSettled={refresh} />
      {topUpOpen && <TopUpDialog opened onClose={() => setTopUpOpen(false)} />}
    </Stack>
  );
}

function languageOf(language: string): Language {
  return language === 'en' ? 'en' : 'id';
}

/** The picked days as a time range: from the first day's start to the day after the last (local time). */
function rangeOf([start, end]: [string | null, string | null]): MutationRange {
  const range: MutationRange = {};
  if (start) range.from = dayjs(start).startOf('day').valueOf();
  if (end) range.to = dayjs(end).add(1, 'day').startOf('day').valueOf();
  return range;
}

/** A signed figure in the language's digits: +50.000 or -511,5. */
function signed(n: number, language: string): string {
  return `${n > 0 ? '+' : ''}${formatCredits(n, language)}`;
}

function MutationTab() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<[string | null, string | null]>([null, null]);
  const range = rangeOf(days);
  const mutations = useCreditMutations(range);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const lang = languageOf(i18n.language);
  const download = () => {
    setDownloading(true);
    setDownloadFailed(false);
    downloadCreditMutations(range, lang)
      .catch(() => setDownloadFailed(true))
      .finally(() => setDownloading(false));
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <DatePickerInput
          type="range"
          label={t('chatCredits.dateRange')}
          placeholder={t('chatCredits.allDates')}
          value={days}
          onChange={(v) => setDays([v[0] ?? null, v[1] ?? null])}
          clearable
          maxDate={new Date()}
          miw={260}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={download}
        >
          {t('chatCredits.download')}
        </Button>
      </Group>
      {downloadFailed && (
        <Alert color="red" role="alert" mb="md">
          {t('chatCredits.downloadFailed')}
        </Alert>
      )}
      <QueryState
        query={mutations}
        keepDataOnError
        loading={<SkeletonRows count={5} height={32} />}
        isEmpty={(d) => d.pages.every((p) => p.items.length === 0)}
        empty={<EmptyState title={t('chatCredits.empty')}>{t('chatCredits.emptyHint')}</EmptyState>}
      >
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('chatCredits.time')}</Table.Th>
                    <Table.Th>{t('chatCredits.description')}</Table.Th>
                    <Table.Th>{t('chatCredits.status')}</Table.Th>
                    <Table.Th ta="right">{t('chatCredits.amount')}</Table.Th>
                    <Table.Th ta="right">{t('chatCredits.balanceAfter')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.pages
                    .flatMap((p) => p.items)
                    .map((m) => (
                      <Table.Tr key={m.id}>
                        <Table.Td>{new Date(m.createdAt).toLocaleString(i18n.language)}</Table.Td>
                        <Table.Td>{describeCreditMutation(m, lang)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATUS_COLOR[m.status] ?? 'gray'}>
                            {creditStatusText(m.status, lang)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          {(m.amount !== 0 || m.bonusAmount === 0) && (
                            <Text size="sm" c={m.amount < 0 ? 'red' : m.amount > 0 ? 'green' : undefined}>
                              {signed(m.amount, i18n.language)}
                            </Text>
                          )}
                          {m.bonusAmount !== 0 && (
                            <Text size="sm" c={m.bonusAmount < 0 ? 'red' : 'green'}>
                              {t('chatCredits.bonusAmount', { amount: signed(m.bonusAmount, i18n.language) })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{formatCredits(m.balanceAfter, i18n.language)}</Text>
                          <Text size="xs" c="dimmed">
                            {t('chatCredits.bonusAmount', {
                              amount: formatCredits(m.bonusBalanceAfter, i18n.language),
                            })}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMoreButton pages={mutations} mt="sm" />
          </>
        )}
      </QueryState>
    </Paper>
  );
}

const STATUS_COLOR: Record<string, string> = { success: 'green', post_paid: 'blue', unpaid: 'orange' };
