import { Badge, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealtimeState } from '../../shared/realtime';

const COLOR = { connected: 'green', connecting: 'gray', reconnecting: 'yellow', offline: 'red' } as const;

/** The real-time connection state, subtle in the inbox header; offline can be retried by a click. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const { state, retryNow } = useRealtimeState();
  const label = t(`inbox.connection.${state}`);
  const badge = (
    <Badge size="xs" variant="dot" color={COLOR[state]} data-testid="realtime-state" data-state={state}>
      {label}
    </Badge>
  );
  if (state !== 'offline') return <span role="status">{badge}</span>;
  return (
    <Tooltip label={t('inbox.connection.retry')}>
      <UnstyledButton onClick={retryNow} aria-label={`${label}. ${t('inbox.connection.retry')}`}>
        {badge}
      </UnstyledButton>
    </Tooltip>
  );
}
