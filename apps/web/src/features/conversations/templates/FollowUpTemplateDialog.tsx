import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FOLLOW_UP_CHAT_COST, type TicketSummary } from '@sapa/contracts';
import { IconTemplate } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/ui/FormModal';
import { type ContactValues, TemplatePicker, useTemplateForm } from './TemplatePicker';
import { useSendFollowUp, useTemplates } from './templatesApi';

/** What a follow-up fills contact variables with (the server fills what the agent leaves empty). */
function contactValuesOf(ticket: TicketSummary): ContactValues {
  return { name: ticket.contact.name, phone: ticket.contact.handle };
}

/**
 * 000 §2, §4: the one action an expired WhatsApp chat offers — pick an approved follow-up template, fill its
 * variables, check the preview, send (charged, 001 §9). A short balance shows the server's message.
 */
function FollowUpTemplateDialog({
  ticket,
  opened,
  onClose,
}: {
  ticket: TicketSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const templates = useTemplates('follow_up', ticket.channelAccountId, opened);
  const send = useSendFollowUp();
  const form = useTemplateForm(contactValuesOf(ticket), 'template.followUpRequired');

  const close = () => {
    send.reset();
    form.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate() || !form.template) return;
    send.mutate(
      {
        ticketId: ticket.id,
        templateId: form.template.id,
        variables: form.values,
        clientMessageId: form.clientMessageId(),
      },
      { onSuccess: close },
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('chatTemplates.followUpTitle')}
      size="lg"
      onSubmit={submit}
      saveError={send.error}
      pending={send.isPending}
      submitLabel={t('chatTemplates.send')}
    >
      <Text size="sm" c="dimmed">
        {t('chatTemplates.followUpHint', { name: ticket.contact.name })}
      </Text>
      <TemplatePicker templates={templates} cost={FOLLOW_UP_CHAT_COST} {...form.picker} />
    </FormModal>
  );
}

/** The expired-chat banner's action: opens the follow-up template dialog. */
export function FollowUpTemplateButton({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconTemplate size={14} aria-hidden />}
        onClick={dialog.open}
      >
        {t('chatTemplates.followUpButton')}
      </Button>
      <FollowUpTemplateDialog ticket={ticket} opened={opened} onClose={dialog.close} />
    </>
  );
}
