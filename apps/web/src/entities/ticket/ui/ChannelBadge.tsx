import { Badge } from '@mantine/core';
import { CHANNELS, type ChannelCode } from '@sapa/contracts';

/** The channel's name on its colour (000 §3 Channel definition). */
export function ChannelBadge({ channel, size = 'xs' }: { channel: ChannelCode; size?: 'xs' | 'sm' }) {
  const definition = CHANNELS[channel];
  return (
    <Badge
      size={size}
      radius="sm"
      variant="light"
      color={definition.color}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {definition.name}
    </Badge>
  );
}
