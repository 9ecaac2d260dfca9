import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../api';

/**
 * A form in a modal: title, the fields, a general error (a save failure that names no field — field
 * problems show on their inputs), and Cancel / submit at the bottom.
 */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  onSubmit,
  saveError,
  pending,
  submitLabel,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  onSubmit: (event: FormEvent) => void;
  saveError: unknown;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const generalError =
    saveError && Object.keys(fieldErrorsOf(saveError)).length === 0 ? errorMessage(saveError) : null;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {generalError ? (
            <Alert color="red" role="alert">
              {generalError}
            </Alert>
          ) : null}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
