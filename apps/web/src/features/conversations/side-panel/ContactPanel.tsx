import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  CHANNELS,
  CONTACT_NAME_MAX,
  type ContactDetail,
  can,
  contactInputSchema,
  type TicketSummary,
} from '@sapa/contracts';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChannelBadge, relativeTimeOf, StatusBadge, ticketInboxPath } from '../../../entities/ticket';
import { accessSubjectOf, errorMessage, fieldErrorsOf, useMe } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../../shared/forms/validate';
import { formatDateTime } from '../../../shared/time';
import { QueryState } from '../../../shared/ui/QueryState';
import { useContact, useUpdateContact } from './panelApi';

/**
 * The "Contact" section of the chat room's side panel (000 §2 inbox contact detail panel; 001 §3
 * Contact): name, phone and email (editable in place with the CONTACT feature), how each channel knows
 * the contact, and their recent tickets.
 */
export function ContactPanel({ ticket, canEdit }: { ticket: TicketSummary; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const contact = useContact(ticket.contact.id);
  const me = useMe();
  // The contact page (/contact/detail, CONTACT READ) edits the same record with its CRM fields.
  const canOpen = me.data ? can(accessSubjectOf(me.data), 'CONTACT', 'READ') : false;
  const [editing, setEditing] = useState(false);
  const { refetch } = contact;

  // Another agent renamed the contact (a ticket.updated event): load the contact again.
  const stale = contact.data !== undefined && contact.data.name !== ticket.contact.name;
  useEffect(() => {
    if (stale && !editing) void refetch();
  }, [stale, editing, refetch]);

  return (
    <QueryState
      query={contact}
      loading={
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={16} width="60%" />
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="70%" />
        </Stack>
      }
    >
      {(data) => (
        <Stack gap="sm" data-testid="contact-panel">
          {editing ? (
            <ContactForm
              ticket={ticket}
              contact={data}
              phoneLocked={isWhatsapp(data)}
              onDone={() => setEditing(false)}
            />
          ) : (
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {data.name}
                </Text>
                {canEdit ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    onClick={() => setEditing(true)}
                    aria-label={t('contactPanel.editNamed', { name: data.name })}
                  >
                    {t('common.edit')}
                  </Button>
                ) : null}
              </Group>
              <Field label={t('contactPanel.phone')} value={data.phone} />
              <Field label={t('contactPanel.email')} value={data.email} />
              <Field label={t('contactPanel.since')} value={formatDateTime(data.createdAt, i18n.language)} />
              {canOpen ? (
                <Anchor
                  component={Link}
                  to={`/contact/detail?id=${encodeURIComponent(data.id)}`}
                  size="xs"
                  fw={600}
                  aria-label={`${t('contactPanel.openContact')}: ${data.name}`}
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconExternalLink size={14} aria-hidden />
                    {t('contactPanel.openContact')}
                  </Group>
                </Anchor>
              ) : null}
            </Stack>
          )}
          <div>
            <Text size="xs" fw={600} c="dimmed" mb={4}>
              {t('contactPanel.channels')}
            </Text>
            {data.identities.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('contactPanel.noChannels')}
              </Text>
            ) : (
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {data.identities.map((identity) => (
                  <Group
                    component="li"
                    key={`${identity.channelAccountId}:${identity.handle}`}
                    gap={6}
                    wrap="nowrap"
                  >
                    <ChannelBadge channel={identity.channel} />
                    <Text size="xs" truncate title={CHANNELS[identity.channel].name}>
                      {identity.handle}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </div>
          <div>
            <Text size="xs" fw={600} c="dimmed" mb={4}>
              {t('contactPanel.recentTickets')}
            </Text>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.recentTickets.map((recent) => (
                <Group
                  component="li"
                  key={recent.id}
                  gap={6}
                  wrap="wrap"
                  justify="space-between"
                  style={{ rowGap: 0 }}
                >
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    {recent.id === ticket.id ? (
                      <Text size="xs" fw={600} aria-current="true" style={{ whiteSpace: 'nowrap' }}>
                        {recent.displayId}
                      </Text>
                    ) : (
                      <Anchor
                        component={Link}
                        to={ticketInboxPath(recent.id)}
                        size="xs"
                        fw={600}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {recent.displayId}
                      </Anchor>
                    )}
                    <StatusBadge status={recent.status} />
                  </Group>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {relativeTimeOf(recent.lastMessageAt, i18n.language)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </div>
        </Stack>
      )}
    </QueryState>
  );
}

function Field({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} c={value ? undefined : 'dimmed'}>
        {value || t('contactPanel.notSet')}
      </Text>
    </div>
  );
}

/** Name, phone and email in place; Save sends them, Cancel (or Escape) leaves them as they were. */
function ContactForm({
  ticket,
  contact,
  phoneLocked,
  onDone,
}: {
  ticket: TicketSummary;
  contact: ContactDetail;
  phoneLocked: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const update = useUpdateContact(ticket);
  const [values, setValues] = useState({
    name: contact.name,
    phone: contact.phone ?? '',
    email: contact.email ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const serverErrors = update.isError ? fieldErrorsOf(update.error) : {};
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: values.name, email: values.email, ...(phoneLocked ? {} : { phone: values.phone }) };
    const result = validate(contactInputSchema, input);
    setErrors(result.errors);
    if (!result.success) return;
    update.mutate(input, { onSuccess: onDone });
  };
  const errorOf = (field: keyof typeof values) => message(errors[field]) ?? serverErrors[field];
  const general =
    update.isError && Object.keys(serverErrors).length === 0 ? errorMessage(update.error) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      aria-label={t('contactPanel.editTitle')}
    >
      <Stack gap="xs">
        <TextInput
          size="xs"
          label={t('contactPanel.name')}
          required
          value={values.name}
          onChange={set('name')}
          maxLength={CONTACT_NAME_MAX + 10}
          error={errorOf('name')}
          data-autofocus
          autoFocus
        />
        <TextInput
          size="xs"
          label={t('contactPanel.phone')}
          description={phoneLocked ? t('contactPanel.phoneLocked') : t('contactPanel.phoneHint')}
          value={values.phone}
          onChange={set('phone')}
          disabled={phoneLocked}
          inputMode="tel"
          error={errorOf('phone')}
        />
        <TextInput
          size="xs"
          type="email"
          label={t('contactPanel.email')}
          value={values.email}
          onChange={set('email')}
          error={errorOf('email')}
        />
        {general ? (
          <Alert color="red" p={8} role="alert">
            <Text size="xs">{general}</Text>
          </Alert>
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A WhatsApp contact's phone is its identity there and cannot be edited. */
function isWhatsapp(contact: ContactDetail): boolean {
  return contact.identities.some((identity) => identity.channel === 'WAP');
}
