import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { appEndpoints } from '@sapa/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppInfo } from '../../app/appInfo';
import { request } from '../../shared/api';
import { useSession } from '../../shared/api/useSession';
import { formatDateTime } from '../../shared/time';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { QueryState } from '../../shared/ui/QueryState';

/**
 * /demo/outbox (Sapa, demo mode): the emails and WhatsApp messages the product "sent" while no provider
 * is configured — how a demo user receives a reset code. Only the owner or an admin of the business reads it,
 * signed in, and sees their own messages and those of the users they manage (the server decides).
 */
export function DemoOutboxPage() {
  const { t, i18n } = useTranslation();
  const info = useAppInfo();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recipient = params.get('recipient') ?? '';
  const [showAll, setShowAll] = useState(recipient === '');
  const signedIn = useSession() !== null;

  const outbox = useQuery({
    queryKey: ['demo', 'outbox', showAll ? '' : recipient],
    queryFn: ({ signal }) =>
      request(appEndpoints.demoOutbox, { query: showAll ? {} : { recipient }, signal }),
    enabled: info.demo && signedIn,
    refetchInterval: 3_000,
    retry: false,
  });
  const here = `/demo/outbox${recipient ? `?${new URLSearchParams({ recipient })}` : ''}`;

  return (
    <PublicLayout title={t('demo.outboxTitle')} subtitle={t('demo.outboxSubtitle')} width={720}>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/login'))}
        >
          {t('common.back')}
        </Button>
        {recipient ? (
          <Switch
            label={t('demo.showAll')}
            checked={showAll}
            onChange={(event) => setShowAll(event.currentTarget.checked)}
          />
        ) : null}
      </Group>
      {!info.demo ? (
        <Alert color="gray">{t('demo.notDemo')}</Alert>
      ) : !signedIn ? (
        <Alert color="blue" variant="light" role="note">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('demo.signInToRead')}</Text>
            <Button component={Link} to={`/login?${new URLSearchParams({ redirect: here })}`}>
              {t('demo.signIn')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <QueryState
          query={outbox}
          loading={<Loader />}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title={t('demo.empty')}>{recipient && !showAll ? recipient : null}</EmptyState>}
        >
          {(data) => (
            <Stack gap="sm" role="list" aria-label={t('demo.outboxTitle')}>
              {[...data.items]
                .sort((a, b) => b.createdAt - a.createdAt)
                .map((item) => (
                  <Card key={item.id} withBorder role="listitem" padding="md">
                    <Group justify="space-between" gap="xs" mb={6}>
                      <Group gap="xs">
                        <Badge variant="light" color={item.channel === 'email' ? 'blue' : 'green'}>
                          {t(`demo.channel.${item.channel}`)}
                        </Badge>
                        <Text size="sm" fw={500}>
                          {item.recipient}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(item.createdAt, i18n.language)}
                      </Text>
                    </Group>
                    {item.subject ? <Text fw={600}>{item.subject}</Text> : null}
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {item.body}
                    </Text>
                  </Card>
                ))}
            </Stack>
          )}
        </QueryState>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('notAvailable.backToLogin')}
      </Anchor>
    </PublicLayout>
  );
}
