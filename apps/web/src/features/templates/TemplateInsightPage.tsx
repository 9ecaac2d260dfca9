import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ResponseOf, templateManagementEndpoints } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { request } from '../../shared/api';
import { formatDateTime, formatNumber } from '../../shared/time';
import { QueryState } from '../../shared/ui/QueryState';
import { BackToTemplates } from './BackToTemplates';

type Insight = ResponseOf<typeof templateManagementEndpoints.insight>;

const METRICS = ['recipients', 'sent', 'delivered', 'read', 'failed', 'pending'] as const;

/** /template/insight/:campaignId (001 §2 template insight): how one campaign's template messages did. */
export function TemplateInsightPage() {
  const { campaignId = '' } = useParams();
  const insight = useQuery({
    queryKey: ['whatsapp-templates', 'insight', campaignId],
    queryFn: ({ signal }) => request(templateManagementEndpoints.insight, { query: { campaignId }, signal }),
    refetchInterval: (q) => (q.state.data?.totals.pending ? 5_000 : false),
  });
  return <QueryState query={insight}>{(d) => <InsightView d={d} />}</QueryState>;
}

function InsightView({ d }: { d: Insight }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md">
      <BackToTemplates />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="md">
          <div>
            <Title order={2} size="h4">
              {t('waTemplates.insight.title', { name: d.template.name })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('waTemplates.insight.campaign', { code: d.campaignCode })}
              {d.startedAt ? ` · ${formatDateTime(d.startedAt, i18n.language)}` : ''}
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="light">
              {t(`waTemplates.categories.${d.category}`, { defaultValue: d.category })}
            </Badge>
            <Badge variant="outline">{d.status}</Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="template-insight">
          {METRICS.map((m) => (
            <Paper key={m} withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                {t(`waTemplates.insight.${m}`)}
              </Text>
              <Text fw={700} size="xl">
                {formatNumber(d.totals[m], i18n.language)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Stack gap="xs" mt="lg">
          {(['delivered', 'read', 'failed'] as const).map((r) => (
            <div key={r}>
              <Group justify="space-between">
                <Text size="sm">{t(`waTemplates.insight.${r}Rate`)}</Text>
                <Text size="sm" fw={600}>
                  {d.rates[r]}%
                </Text>
              </Group>
              <Progress value={d.rates[r]} color={r === 'failed' ? 'red' : r === 'read' ? 'blue' : 'green'} />
            </div>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
