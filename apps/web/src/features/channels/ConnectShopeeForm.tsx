import { TextInput } from '@mantine/core';
import { marketplaceAccountBody } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { useAuthorizeShopee } from './api';
import { ConnectFormFrame } from './ConnectFormFrame';

/**
 * 001 §2 marketplace dialog for Shopee (owner and admin only; hidden where the partner's Shopee flag is off):
 * the store's username or link (001 §5: required), then Shopee's own page where the seller authorises Sapa.
 * Shopee sends the browser back through Sapa to this tab with `connected=SHP` or `error=<message key>`.
 */
export function ConnectShopeeForm() {
  const { t } = useTranslation();
  const message = useMessage();
  const authorize = useAuthorizeShopee();
  const [store, setStore] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const serverErrors = fieldErrorsOf(authorize.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(marketplaceAccountBody, { store });
    setErrors(result.errors);
    if (!result.success) return;
    authorize.mutate(result.data, { onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) });
  };

  return (
    <ConnectFormFrame
      id="connect-shopee-title"
      title={t('channels.shopee.title')}
      hint={t('channels.shopee.hint')}
      submitLabel={t('channels.shopee.connect')}
      onSubmit={submit}
      pending={authorize.isPending || authorize.isSuccess}
      error={serverErrors.store ? null : authorize.error}
    >
      <TextInput
        label={t('channels.shopee.store')}
        description={t('channels.shopee.storeHint')}
        required
        maxLength={200}
        autoComplete="off"
        value={store}
        onChange={(e) => setStore(e.currentTarget.value)}
        error={message(errors.store) ?? serverErrors.store}
      />
    </ConnectFormFrame>
  );
}
