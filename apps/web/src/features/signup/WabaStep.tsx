import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { type SignUpState, signupEndpoints } from '@sapa/contracts';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, request } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { useSignUpStep } from './api';
import { openEmbeddedSignup } from './embeddedSignup';
import { SignUpFrame } from './SignUpFrame';

/** /sign-up/waba: the WhatsApp Business account connected through Meta's Embedded Signup popup. */
export function WabaStep() {
  const { t } = useTranslation();
  return (
    <SignUpFrame page="waba" title={t('signUp.wabaTitle')} subtitle={t('signUp.wabaExplain')}>
      {(state) => <WabaConnect state={state!} />}
    </SignUpFrame>
  );
}

function WabaConnect({ state }: { state: SignUpState }) {
  const { t } = useTranslation();
  const config = useQuery({
    queryKey: ['signUp', 'wabaConfig'],
    queryFn: () => request(signupEndpoints.wabaConfig, { auth: false }),
  });
  const connect = useSignUpStep('connectWaba');
  const skip = useSignUpStep('skipWaba');
  const [cancelled, setCancelled] = useState(false);
  if (config.isLoading) return <PageLoader />;
  if (config.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(config.error)}
      </Alert>
    );
  const embedded = config.data?.embeddedSignup;
  // 000 §4 "WABA required" off: the step can be skipped (the number is connected later in settings).
  const skipButton = state.wabaRequired ? null : (
    <Button
      variant="subtle"
      fullWidth
      loading={skip.isPending}
      onClick={() => skip.mutate({ token: state.token })}
    >
      {t('signUp.wabaSkip')}
    </Button>
  );
  if (!embedded)
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert">
          {t('signUp.wabaUnavailable')}
        </Alert>
        {skipButton}
      </Stack>
    );

  const open = async () => {
    setCancelled(false);
    const result = await openEmbeddedSignup(embedded);
    if (result.kind === 'cancelled') return setCancelled(true);
    connect.mutate({
      token: state.token,
      code: result.code,
      wabaId: result.wabaId,
      phoneNumberId: result.phoneNumberId,
    });
  };
  return (
    <Stack gap="md">
      <List size="sm" spacing={4}>
        <List.Item>{t('signUp.wabaPoint1')}</List.Item>
        <List.Item>{t('signUp.wabaPoint2')}</List.Item>
        <List.Item>{t('signUp.wabaPoint3')}</List.Item>
      </List>
      {connect.isError || skip.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(connect.error ?? skip.error)}
        </Alert>
      ) : null}
      {cancelled ? (
        <Text size="sm" c="dimmed" role="status">
          {t('signUp.wabaCancelled')}
        </Text>
      ) : null}
      <Button
        leftSection={<IconBrandWhatsapp aria-hidden />}
        color="green"
        size="md"
        fullWidth
        loading={connect.isPending}
        onClick={() => void open()}
      >
        {t('signUp.wabaConnect')}
      </Button>
      {skipButton}
    </Stack>
  );
}
