import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/forms/useMessage';
import { type RecipientProblemLine, recipientProblemLines } from './recipientProblems';

/** Every invalid recipient (number, or a sheet's too-long name or value) with its reason (issue 16), up to ten lines and "and N more". */
export function RecipientProblems({
  problems,
  color = 'red',
  testId,
  titleKey = 'broadcasts.invalidNumbers',
  total = problems.length,
}: {
  problems: readonly RecipientProblemLine[];
  color?: string;
  testId?: string;
  /** The heading, with `count`: invalid typed numbers, or a sheet's rows left out. */
  titleKey?: 'broadcasts.invalidNumbers' | 'broadcasts.sheetProblems';
  /** All problems when `problems` holds only the first of them (a sheet's answer lists 500). */
  total?: number;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  if (problems.length === 0) return null;
  const { lines, more } = recipientProblemLines(problems, undefined, total);
  return (
    <div role="alert" data-testid={testId}>
      <Text size="xs" c={color} fw={600}>
        {t(titleKey, { count: total })}
      </Text>
      <List size="xs" c={color} spacing={0}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same number may be listed twice (duplicates)
          <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
            {line.label}: {message(line.problem)}
          </List.Item>
        ))}
      </List>
      {more > 0 ? (
        <Text size="xs" c={color}>
          {t('broadcasts.invalidNumbersMore', { count: more })}
        </Text>
      ) : null}
    </div>
  );
}
