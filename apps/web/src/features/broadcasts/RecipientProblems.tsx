import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/forms/useMessage';
import { type RecipientProblemLine, recipientProblemLines } from './recipientProblems';

/** Every invalid recipient number with its reason (issue 16), up to ten lines and "and N more". */
export function RecipientProblems({
  problems,
  color = 'red',
  testId,
}: {
  problems: readonly RecipientProblemLine[];
  color?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  if (problems.length === 0) return null;
  const { lines, more } = recipientProblemLines(problems);
  return (
    <div role="alert" data-testid={testId}>
      <Text size="xs" c={color} fw={600}>
        {t('broadcasts.invalidNumbers', { count: problems.length })}
      </Text>
      <List size="xs" c={color} spacing={0}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same number may be listed twice (duplicates)
          <List.Item key={i}>
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
