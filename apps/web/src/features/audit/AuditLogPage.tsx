import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  AUDIT_AREAS,
  type AuditArea,
  type AuditEntry,
  auditActionText,
  auditAreaText,
  auditRangeProblem,
  type Language,
  todayIn,
} from '@sapa/contracts';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../shared/i18n';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { type AuditFilterValue, downloadAuditLog, useAuditEntries, useAuditPeople } from './api';

const languageOf = (language: string): Language => (language === 'en' ? 'en' : 'id');

/** The first view: the last 7 WIB days. */
function initialDays(): [string, string] {
  const today = todayIn();
  return [dayjs(today).subtract(6, 'day').format('YYYY-MM-DD'), today];
}

/**
 * /setting/logs [SETTING_LOGS] (001 §2 audit logs): who changed what and when — settings, users, roles,
 * channels, templates, broadcasts, tickets — and every sign-in; filtered by person, area and a range of at most
 * 30 days (001 §5), downloadable.
 */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const [days, setDays] = useState<[string | null, string | null]>(initialDays);
  const [actorId, setActorId] = useState<string | null>(null);
  const [area, setArea] = useState<AuditArea | null>(null);
  const [from, to] = days;
  const problem = from && to ? auditRangeProblem(from, to) : null;
  const filter: AuditFilterValue = {
    from: from ?? '',
    to: to ?? from ?? '',
    ...(actorId ? { actorId } : {}),
    ...(area ? { area } : {}),
  };
  const ready = Boolean(from && to) && problem === null;
  const entries = useAuditEntries(filter, ready);
  const people = useAuditPeople();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const download = () => {
    setDownloading(true);
    setDownloadFailed(false);
    downloadAuditLog(filter, lang)
      .catch(() => setDownloadFailed(true))
      .finally(() => setDownloading(false));
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('audit.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" mb="md" wrap="wrap" gap="sm">
          <DatePickerInput
            type="range"
            label={t('audit.dateRange')}
            value={days}
            onChange={(v) => setDays([v[0] ?? null, v[1] ?? null])}
            maxDate={new Date()}
            allowSingleDateInRange
            valueFormat="D MMM YYYY"
            w={{ base: '100%', sm: 'auto' }}
            miw={240}
          />
          <Select
            label={t('audit.person')}
            placeholder={t('audit.everyone')}
            data={(people.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={actorId}
            onChange={setActorId}
            clearable
            searchable
            w={{ base: '100%', sm: 'auto' }}
            miw={200}
          />
          <Select
            label={t('audit.area')}
            placeholder={t('audit.allAreas')}
            data={AUDIT_AREAS.map((a) => ({ value: a, label: auditAreaText(a, lang) }))}
            value={area}
            onChange={(v) => setArea(v as AuditArea | null)}
            clearable
            w={{ base: '100%', sm: 'auto' }}
            miw={180}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            disabled={!ready}
            onClick={download}
          >
            {t('audit.download')}
          </Button>
        </Group>
        {problem && (
          <Alert color="red" role="alert" mb="md">
            {translateMessage(problem, lang)}
          </Alert>
        )}
        {downloadFailed && (
          <Alert color="red" role="alert" mb="md">
            {translateMessage('audit.downloadFailed', lang)}
          </Alert>
        )}
        {ready && (
          <QueryState
            query={entries}
            keepDataOnError
            loading={<SkeletonRows count={6} height={32} />}
            isEmpty={(d) => d.pages.every((p) => p.items.length === 0)}
            empty={<EmptyState title={t('audit.empty')}>{t('audit.emptyHint')}</EmptyState>}
          >
            {(data) => (
              <>
                <Stack gap="xs" hiddenFrom="sm" data-testid="audit-cards">
                  {data.pages
                    .flatMap((p) => p.items)
                    .map((entry) => (
                      <AuditCard key={entry.id} entry={entry} lang={lang} />
                    ))}
                </Stack>
                <Table.ScrollContainer minWidth={760} visibleFrom="sm">
                  <Table verticalSpacing="xs" data-testid="audit-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('audit.time')}</Table.Th>
                        <Table.Th>{t('audit.person')}</Table.Th>
                        <Table.Th>{t('audit.area')}</Table.Th>
                        <Table.Th>{t('audit.action')}</Table.Th>
                        <Table.Th>{t('audit.changes')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.pages
                        .flatMap((p) => p.items)
                        .map((entry) => (
                          <AuditRow key={entry.id} entry={entry} lang={lang} />
                        ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <LoadMoreButton pages={entries} mt="sm" />
              </>
            )}
          </QueryState>
        )}
      </Paper>
    </Stack>
  );
}

function AuditRow({ entry, lang }: { entry: AuditEntry; lang: Language }) {
  const { t, i18n } = useTranslation();
  const target = targetOf(entry);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {new Date(entry.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.actor?.name ?? t('audit.system')}</Text>
        {entry.actor && (
          <Text size="xs" c="dimmed">
            {entry.actor.email}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={AREA_COLOR[entry.area]}>
          {auditAreaText(entry.area, lang)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{auditActionText(entry.action, lang)}</Text>
        {target && (
          <Text size="xs" c="dimmed">
            {target}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Changes entry={entry} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The narrow screen's row: one card per entry. */
function AuditCard({ entry, lang }: { entry: AuditEntry; lang: Language }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {auditActionText(entry.action, lang)}
        </Text>
        <Badge variant="light" color={AREA_COLOR[entry.area]} style={{ flexShrink: 0 }}>
          {auditAreaText(entry.area, lang)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mb={4}>
        {[
          entry.actor?.name ?? t('audit.system'),
          targetOf(entry),
          new Date(entry.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Changes entry={entry} />
    </Paper>
  );
}

const targetOf = (entry: AuditEntry) =>
  entry.target.label ?? (entry.target.id ? `#${entry.target.id.slice(0, 8)}` : null);

/** A value as one short line: text as it is, anything else as JSON, cut at 80 characters. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Field by field: before → after (a creation shows the new values, a deletion the old ones). */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return null;
  return (
    <Stack gap={2}>
      {fields.map((field) => (
        <Text key={field} size="xs" style={{ wordBreak: 'break-word' }}>
          <Text span fw={600} size="xs">
            {field}
          </Text>
          {': '}
          {entry.before && (
            <Text span size="xs" c="dimmed" td={entry.after ? 'line-through' : undefined}>
              {shown(entry.before[field])}
            </Text>
          )}
          {entry.before && entry.after && ' → '}
          {entry.after && (
            <Text span size="xs">
              {shown(entry.after[field])}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

const AREA_COLOR: Record<AuditArea, string> = {
  SETTINGS: 'blue',
  USERS: 'grape',
  ROLES: 'violet',
  CHANNELS: 'teal',
  TEMPLATES: 'cyan',
  BROADCASTS: 'orange',
  TICKETS: 'gray',
  SIGN_IN: 'green',
};
