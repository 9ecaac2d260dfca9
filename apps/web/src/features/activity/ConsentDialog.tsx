import { Alert, Button, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { activityEndpoints, CONSENT_PAGE_NAME, CONSENT_REMINDER_MS, type Me } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage, queryKeys, request } from '../../shared/api';
import { AgreementText } from './AgreementText';

/** 000 §4: shown when not agreed and more than 6 h since the last consent time (or never). */
export function isConsentDue(consent: Me['consent'], now: number): boolean {
  if (consent.agreed) return false;
  return consent.consentAt === null || now - consent.consentAt > CONSENT_REMINDER_MS;
}

/** Re-renders when the reminder becomes due while the page stays open. */
function useNow(consent: Me['consent']): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (consent.agreed || consent.consentAt === null) return;
    const wait = consent.consentAt + CONSENT_REMINDER_MS - Date.now() + 1_000;
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [consent.agreed, consent.consentAt]);
  return now;
}

/** The user-consent dialog (000 §4 Session and consent). */
export function ConsentDialog({ me }: { me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow(me.consent);

  const save = useMutation({
    mutationFn: (agreed: boolean) => request(activityEndpoints.consent, { body: { agreed } }),
    onSuccess: (consent, agreed) => {
      queryClient.setQueryData<Me>(queryKeys.me, (old) => (old ? { ...old, consent } : old));
      // Approving also sends a tracking page visit (000 §4).
      if (agreed)
        void call(activityEndpoints.pageVisit, { body: { pageName: CONSENT_PAGE_NAME, additionalData: {} } });
    },
  });

  // Dismissing closes the dialog even if recording it fails; it comes back on the next visit.
  const [dismissed, setDismissed] = useState(false);
  const opened = isConsentDue(me.consent, Math.max(now, Date.now())) && !save.isSuccess && !dismissed;
  const dismiss = () => {
    setDismissed(true);
    if (!save.isPending) save.mutate(false);
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={dismiss}
      title={t('consent.title')}
      size="lg"
      centered
      closeOnClickOutside={false}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <AgreementText />
        </ScrollArea.Autosize>
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss} loading={save.isPending && save.variables === false}>
            {t('consent.dismiss')}
          </Button>
          <Button onClick={() => save.mutate(true)} loading={save.isPending && save.variables === true}>
            {t('consent.agree')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
