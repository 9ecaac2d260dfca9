import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A one-time code field (2FA 6 digits, reset OTP 5 digits; 001 §9): digits only, numeric keyboard, and
 * the platform's one-time-code autofill. `large` centres and spaces the digits for a sign-in step.
 */
export function CodeInput({
  length,
  value,
  onValue,
  large = false,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'maxLength'> & {
  length: number;
  value: string;
  onValue: (digits: string) => void;
  large?: boolean;
}) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={length}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value.replace(/\D/g, ''))}
      styles={{
        input: large
          ? { letterSpacing: '0.45em', fontSize: 20, textAlign: 'center' }
          : { letterSpacing: '0.3em' },
      }}
    />
  );
}
