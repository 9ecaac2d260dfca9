import { Badge, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCoins } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chatCreditQuery } from '../../shared/api';
import { formatCompactNumber, formatNumber } from '../../shared/time';

/** The chat-credit balance in the header (000 §6 common access "header chat credit"; 001 §9 bonus shown). */
export function ChatCreditBalance() {
  const { t, i18n } = useTranslation();
  // The guard refetches on every protected navigation; this only reads the cache.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const credit = useQuery({ ...chatCreditQuery, staleTime: Number.POSITIVE_INFINITY });
  if (!credit.data) return null;
  const balance = formatNumber(credit.data.balance, i18n.language);
  const shown = narrow ? formatCompactNumber(credit.data.balance, i18n.language) : balance;
  const bonus = formatNumber(credit.data.balanceBonus, i18n.language);
  return (
    <Tooltip label={t('header.chatCreditDetail', { balance, bonus })} withArrow>
      <Badge
        size="lg"
        variant="light"
        leftSection={<IconCoins size={16} aria-hidden />}
        data-testid="chat-credit-balance"
        data-tour="chat-credit"
        aria-label={t('header.chatCreditAria', { balance, bonus })}
        style={{ textTransform: 'none', flexShrink: 0 }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {shown}
      </Badge>
    </Tooltip>
  );
}
