import { Button, Group, Paper, Portal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { finishedTutorials, markTutorialFinished } from './tutorials';

/** The shell elements the tour points at (they carry `data-tour`). */
const STEPS = ['navbar', 'chat-credit', 'user-menu'] as const;

/**
 * The dashboard tour of an account: every account's first-use tour, or — on the free-trial tier (000 §6) — its
 * own tour, which starts at the trial's banner (days left, the way to subscribe).
 */
export function tourOf(freeTrial: boolean): { tutorial: string; steps: readonly string[] } {
  return freeTrial ? TRIAL_TOUR : TOUR;
}
const TOUR = { tutorial: 'dashboard', steps: STEPS };
const TRIAL_TOUR = { tutorial: 'dashboard-free-trial', steps: ['subscription', ...STEPS] };
const CARD_WIDTH = 300;
const GAP = 12;

interface Placement {
  highlight: { top: number; left: number; width: number; height: number };
  card: { top: number; left: number };
}

function targetOf(step: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-tour="${step}"]`);
}

function isShown(element: HTMLElement | null): element is HTMLElement {
  if (!element) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth;
}

function place(element: HTMLElement): Placement {
  const rect = element.getBoundingClientRect();
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const width = Math.min(CARD_WIDTH, vw - 2 * GAP);
  const tall = rect.height > vh / 2;
  // A tall target (the navbar) gets the card beside it; others get it below.
  let top = tall ? rect.top + 80 : rect.bottom + GAP;
  let left = tall ? rect.right + GAP : rect.right - width;
  left = Math.max(GAP, Math.min(left, vw - width - GAP));
  top = Math.max(GAP, Math.min(top, vh - 200));
  return {
    highlight: { top: rect.top - 4, left: rect.left - 4, width: rect.width + 8, height: rect.height + 8 },
    card: { top, left },
  };
}

/**
 * First-use coach marks (000 §2 Login and consent): a short tour over three shell elements, shown until
 * finished or skipped; finished tours are remembered per user (000 §3 finishedTutorials). The free-trial tier
 * (000 §6) gets its own tour, which starts at the trial's banner.
 */
export function CoachMarks({
  userId,
  enabled,
  freeTrial,
}: {
  userId: string;
  enabled: boolean;
  freeTrial: boolean;
}) {
  const { tutorial, steps: tourSteps } = tourOf(freeTrial);
  const { t } = useTranslation();
  const [finished, setFinished] = useState(() => finishedTutorials(userId));
  const active = !finished.includes(tutorial);
  const [steps, setSteps] = useState<string[]>([]);
  const [index, setIndex] = useState(0);
  const [placement, setPlacement] = useState<Placement | null>(null);

  // Only the elements visible at this screen size take part (the navbar is folded away on phones).
  useEffect(() => {
    if (!active || !enabled) return;
    const timer = window.setTimeout(() => setSteps(tourSteps.filter((step) => isShown(targetOf(step)))), 300);
    return () => window.clearTimeout(timer);
  }, [active, enabled, tourSteps]);

  const step = steps[index];
  const measure = useCallback(() => {
    const element = step ? targetOf(step) : null;
    setPlacement(isShown(element) ? place(element) : null);
  }, [step]);

  useLayoutEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [measure]);

  const finish = () => {
    markTutorialFinished(userId, tutorial);
    setFinished(finishedTutorials(userId));
  };

  if (!active || !enabled || !step || !placement) return null;
  const last = index === steps.length - 1;
  return (
    <Portal>
      <div
        aria-hidden
        style={{
          position: 'fixed',
          ...placement.highlight,
          borderRadius: 10,
          boxShadow: '0 0 0 3px var(--mantine-primary-color-filled), 0 0 0 9999px rgba(0, 0, 0, 0.35)',
          pointerEvents: 'none',
          zIndex: 190,
        }}
      />
      <Paper
        role="dialog"
        aria-label={t('coach.label')}
        shadow="lg"
        radius="md"
        p="md"
        withBorder
        data-testid="coach-marks"
        style={{
          position: 'fixed',
          ...placement.card,
          width: Math.min(CARD_WIDTH, window.innerWidth - 24),
          zIndex: 191,
        }}
      >
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('coach.step', { current: index + 1, total: steps.length })}
          </Text>
          <Text fw={700}>{t(`coach.${step}.title`)}</Text>
          <Text size="sm">{t(`coach.${step}.body`)}</Text>
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" color="gray" size="compact-sm" onClick={finish}>
              {t('coach.skip')}
            </Button>
            <Group gap="xs">
              {index > 0 ? (
                <Button variant="default" size="compact-sm" onClick={() => setIndex(index - 1)}>
                  {t('common.back')}
                </Button>
              ) : null}
              <Button size="compact-sm" onClick={() => (last ? finish() : setIndex(index + 1))}>
                {last ? t('coach.done') : t('coach.next')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Portal>
  );
}
