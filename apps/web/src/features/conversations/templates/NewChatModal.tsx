import { Alert, Button, Group, Select, Skeleton, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  CHANNELS,
  can,
  EMAIL_SUBJECT_MAX,
  NEW_MESSAGE_COST,
  normaliseNewMessagePhone,
} from '@sapa/contracts';
import { IconMessagePlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, fieldErrorsOf, useMe } from '../../../shared/api';
import { translateMessage } from '../../../shared/i18n';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreationTimer } from '../../ticket-forms';
import { TemplatePicker, useTemplateForm } from './TemplatePicker';
import { useNewChatAccounts, useStartNewChat, useTemplates } from './templatesApi';

/**
 * 000 §2 new chat window: the account to send from, the recipient and, on WhatsApp, an approved
 * new-message template (charged, 001 §9). On other channels the chat is created without sending.
 */
function NewChatModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (ticketId: string) => void;
}) {
  const { t } = useTranslation();
  const accounts = useNewChatAccounts(opened);
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const accountId = chosenAccount ?? accounts.data?.[0]?.id ?? null;
  const account = accounts.data?.find((a) => a.id === accountId);
  const whatsapp = account?.channel === 'WAP';
  // 000 §2: on email the window asks for the recipient's email, the subject and the first email's text.
  const email = account?.channel === 'EML';
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const templates = useTemplates('new_message', accountId, opened && whatsapp);
  const start = useStartNewChat();
  const takeTime = useCreationTimer(opened);
  const [recipient, setRecipient] = useState('');
  const [recipientError, setRecipientError] = useState<string | undefined>();
  const phone = whatsapp ? normaliseNewMessagePhone(recipient) : null;
  const form = useTemplateForm({ phone }, 'template.required');

  const close = () => {
    start.reset();
    setChosenAccount(null);
    setRecipient('');
    setSubject('');
    setBody('');
    setRecipientError(undefined);
    form.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    const problem = !recipient.trim()
      ? translateMessage(whatsapp ? 'newChat.phoneRequired' : 'newChat.recipientRequired')
      : whatsapp && !phone
        ? translateMessage('newChat.phoneFormat')
        : undefined;
    setRecipientError(problem);
    const complete = !whatsapp || form.validate();
    if (problem || !complete) return;
    start.mutate(
      {
        channelAccountId: account.id,
        recipient: recipient.trim(),
        templateId: whatsapp ? form.template?.id : undefined,
        variables: whatsapp ? form.values : [],
        ...(email ? { subject: subject.trim(), text: body.trim() } : {}),
        clientMessageId: form.clientMessageId(),
        timeTracking: takeTime(),
      },
      {
        onSuccess: ({ ticket }) => {
          close();
          onCreated(ticket.id);
        },
      },
    );
  };

  const serverFields = fieldErrorsOf(start.error);

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('chatTemplates.newChatTitle')}
      size="lg"
      onSubmit={submit}
      saveError={start.error}
      pending={start.isPending}
      submitLabel={t('chatTemplates.start')}
    >
      {accounts.isPending ? (
        <Skeleton height={36} aria-busy />
      ) : accounts.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(accounts.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void accounts.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : accounts.data.length === 0 ? (
        <Alert color="gray">{t('chatTemplates.noAccounts')}</Alert>
      ) : (
        <>
          <Select
            label={t('chatTemplates.account')}
            data={accounts.data.map((a) => ({
              value: a.id,
              label: `${a.name} · ${CHANNELS[a.channel].name} (${a.address})`,
            }))}
            value={accountId}
            onChange={(id) => {
              setChosenAccount(id);
              form.reset();
            }}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={
              whatsapp
                ? t('chatTemplates.recipientPhone')
                : email
                  ? t('channels.email.recipient')
                  : t('chatTemplates.recipientUsername')
            }
            description={whatsapp ? t('chatTemplates.recipientPhoneHint') : undefined}
            placeholder={whatsapp ? '628123456789' : email ? 'nama@contoh.id' : '@username'}
            inputMode={whatsapp ? 'tel' : email ? 'email' : 'text'}
            value={recipient}
            onChange={(event) => {
              setRecipient(event.currentTarget.value);
              setRecipientError(undefined);
              form.renewAttempt();
            }}
            maxLength={100}
            required
            error={recipientError ?? serverFields.recipient}
            data-autofocus
          />
          {whatsapp ? (
            <TemplatePicker
              templates={templates}
              cost={NEW_MESSAGE_COST}
              {...form.picker}
              errors={{ ...form.errors, template: form.errors.template ?? serverFields.templateId }}
            />
          ) : email ? (
            <>
              <TextInput
                label={t('channels.email.subject')}
                value={subject}
                onChange={(event) => setSubject(event.currentTarget.value)}
                maxLength={EMAIL_SUBJECT_MAX}
                required
                error={serverFields.subject}
              />
              <Textarea
                label={t('chatTemplates.message')}
                value={body}
                onChange={(event) => setBody(event.currentTarget.value)}
                autosize
                minRows={3}
                required
                error={serverFields.text}
              />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('chatTemplates.noSendHint')}
            </Text>
          )}
        </>
      )}
    </FormModal>
  );
}

/** The inbox header's "New chat" button (000 §2 inbox action: send a new message). */
export function NewChatButton({ onCreated }: { onCreated: (ticketId: string) => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [opened, modal] = useDisclosure(false);
  // Whoever may reply in the inbox may start a chat.
  if (!me.data || !can(accessSubjectOf(me.data), 'CUSTOMER_SERVICE_INBOX', 'UPDATE')) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconMessagePlus size={16} aria-hidden />}
        onClick={modal.open}
      >
        {t('chatTemplates.newChat')}
      </Button>
      <NewChatModal opened={opened} onClose={modal.close} onCreated={onCreated} />
    </>
  );
}
