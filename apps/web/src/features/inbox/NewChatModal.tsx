import { Alert, Button, Group, Select, Skeleton, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CHANNELS, can, NEW_MESSAGE_COST, normaliseNewMessagePhone, type Template } from '@sapa/contracts';
import { IconMessagePlus } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, fieldErrorsOf, useMe } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import { formatNumber } from '../../shared/time';
import { FormModal } from '../../shared/ui/FormModal';
import { type TemplateFormErrors, TemplatePicker, templateFormErrors } from './TemplatePicker';
import { useNewChatAccounts, useStartNewChat, useTemplates } from './templatesApi';

/**
 * 000 §2 new chat window: the account to send from, the recipient and, on WhatsApp, an approved
 * new-message template (charged, 001 §9). On other channels the chat is created without sending.
 */
export function NewChatModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (ticketId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const accounts = useNewChatAccounts(opened);
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const accountId = chosenAccount ?? accounts.data?.[0]?.id ?? null;
  const account = accounts.data?.find((a) => a.id === accountId);
  const whatsapp = account?.channel === 'WAP';
  const templates = useTemplates('new_message', accountId, opened && whatsapp);
  const start = useStartNewChat();
  const [recipient, setRecipient] = useState('');
  const [template, setTemplate] = useState<Template | undefined>();
  const [values, setValues] = useState<string[]>([]);
  const [errors, setErrors] = useState<TemplateFormErrors & { recipient?: string }>({});
  const attempt = useRef(crypto.randomUUID());
  const phone = whatsapp ? normaliseNewMessagePhone(recipient) : null;
  const contact = { phone };

  const close = () => {
    start.reset();
    setChosenAccount(null);
    setRecipient('');
    setTemplate(undefined);
    setValues([]);
    setErrors({});
    attempt.current = crypto.randomUUID();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    const problems: TemplateFormErrors & { recipient?: string } = {};
    if (!recipient.trim())
      problems.recipient = translateMessage(whatsapp ? 'newChat.phoneRequired' : 'newChat.recipientRequired');
    else if (whatsapp && !phone) problems.recipient = translateMessage('newChat.phoneFormat');
    if (whatsapp) Object.assign(problems, templateFormErrors(template, values, contact, 'template.required'));
    setErrors(problems);
    if (Object.keys(problems).length) return;
    start.mutate(
      {
        channelAccountId: account.id,
        recipient: recipient.trim(),
        templateId: whatsapp ? template?.id : undefined,
        variables: whatsapp ? values : [],
        clientMessageId: attempt.current,
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
              setTemplate(undefined);
              setValues([]);
              setErrors({});
            }}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={whatsapp ? t('chatTemplates.recipientPhone') : t('chatTemplates.recipientUsername')}
            description={whatsapp ? t('chatTemplates.recipientPhoneHint') : undefined}
            placeholder={whatsapp ? '628123456789' : '@username'}
            inputMode={whatsapp ? 'tel' : 'text'}
            value={recipient}
            onChange={(event) => {
              setRecipient(event.currentTarget.value);
              setErrors(({ recipient: _, ...rest }) => rest);
              attempt.current = crypto.randomUUID();
            }}
            maxLength={100}
            required
            error={errors.recipient ?? serverFields.recipient}
            data-autofocus
          />
          {whatsapp ? (
            <>
              <TemplatePicker
                templates={templates}
                template={template}
                onTemplateChange={(next) => {
                  setTemplate(next);
                  setErrors((e) => ({ recipient: e.recipient }));
                }}
                values={values}
                onValuesChange={(next) => {
                  setValues(next);
                  setErrors(({ variables: _, ...rest }) => rest);
                }}
                contact={contact}
                errors={{ ...errors, template: errors.template ?? serverFields.templateId }}
              />
              <Text size="xs" c="dimmed">
                {t('chatTemplates.cost', { amount: formatNumber(NEW_MESSAGE_COST, i18n.language) })}
              </Text>
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
