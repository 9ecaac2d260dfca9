import type { ChannelAccount } from '@sapa/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';

/**
 * A channel connection form's state: text values, each field's props (value, change, the contract's or the
 * server's error, translated), and the submit that validates with the contract's schema (`toInput` turns the
 * values into its input: empty optional fields left out) and connects, emptying the form on success.
 */
export function useConnectForm<V extends Record<string, string>, S extends z.ZodType>(options: {
  empty: V;
  schema: S;
  toInput: (values: V) => unknown;
  connect: UseMutationResult<ChannelAccount, Error, z.output<S>>;
  onConnected: (account: ChannelAccount) => void;
}) {
  const message = useMessage();
  const [values, setValues] = useState<V>(options.empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const serverErrors = fieldErrorsOf(options.connect.error);

  const field = (name: keyof V & string) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: message(errors[name]) ?? serverErrors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(options.schema, options.toInput(values));
    setErrors(result.errors);
    if (!result.success) return;
    options.connect.mutate(result.data, {
      onSuccess: (account) => {
        setValues(options.empty);
        options.onConnected(account);
      },
    });
  };

  return { field, submit };
}
