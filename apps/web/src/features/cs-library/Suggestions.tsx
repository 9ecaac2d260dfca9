import { Button, Menu, ScrollArea, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibrary } from './api';

/** The ticket panel's tag suggestions: tags in use, then the business's chat tags (001 §3), once each. */
export function useTagSuggestions(inUse: readonly string[] | undefined): string[] {
  const chatTags = useLibrary('chat-tags');
  return useMemo(() => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const tag of [...(chatTags.data ?? []).map((e) => e.title), ...(inUse ?? [])]) {
      const key = tag.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(tag);
    }
    return out;
  }, [chatTags.data, inUse]);
}

/** Remark templates (001 §3 remark) offered under the ticket's remarks: picking one sets the remarks. */
export function RemarkSuggestions({
  onPick,
  disabled,
}: {
  onPick: (content: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const remarks = useLibrary('remarks');
  if (disabled || !remarks.data?.length) return null;
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-xs"
          rightSection={<IconChevronDown size={12} aria-hidden />}
          mt={-6}
        >
          {t('csLibrary.remarks.use')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={280}>
          {remarks.data.map((remark) => (
            <Menu.Item key={remark.id} onClick={() => onPick(remark.content ?? '')}>
              <Text size="sm" fw={600} truncate>
                {remark.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {remark.content}
              </Text>
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
