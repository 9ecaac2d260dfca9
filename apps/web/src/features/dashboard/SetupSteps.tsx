import { Anchor, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { adminUserEndpoints, can, type Me } from '@sapa/contracts';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accessSubjectOf, queryKeys, request } from '../../shared/api';

interface Step {
  key: string;
  to: string;
  done: boolean;
}

/** 001 §2 Dashboard "setup steps": what a new business should do first, with what is already done. */
export function SetupSteps({ me }: { me: Me }) {
  const { t } = useTranslation();
  const canAdmin = can(accessSubjectOf(me), 'SETTING_ADMIN', 'READ');
  const team = useQuery({
    queryKey: [...queryKeys.adminUsers, 'setup-count'],
    queryFn: ({ signal }) => request(adminUserEndpoints.list, { query: { limit: 2 }, signal }),
    enabled: canAdmin,
  });

  const steps: Step[] = [
    { key: 'agreement', to: '/pp.html', done: me.consent.agreed },
    { key: 'twoFactor', to: '/setting/two-factor-verification-setup', done: me.mfaEnabled },
  ];
  if (canAdmin) steps.push({ key: 'team', to: '/setting/admin', done: (team.data?.items.length ?? 0) > 1 });

  const done = steps.filter((step) => step.done).length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('dashboard.setup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.setup.progress', { done, total: steps.length })}
          </Text>
        </Group>
        <Progress value={(done / steps.length) * 100} aria-label={t('dashboard.setup.title')} />
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((step) => (
            <Group key={step.key} component="li" wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" color={step.done ? 'green' : 'gray'} radius="xl" aria-hidden>
                {step.done ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
              </ThemeIcon>
              <Stack gap={0}>
                <Anchor component={Link} to={step.to} fw={600} td={step.done ? 'line-through' : undefined}>
                  {t(`dashboard.setup.${step.key}.title`)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {step.done ? t('dashboard.setup.done') : t(`dashboard.setup.${step.key}.body`)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
