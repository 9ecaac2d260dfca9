import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { contactTagInputSchema } from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldErrorsOf, useMe } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { QueryState } from '../../shared/ui/QueryState';
import { contactAccessOf } from './access';
import { useContactTag, useSaveTag } from './api';
import { BackLink } from './BackLink';
import { MembersPanel } from './MembersPanel';

/** /contact/add-contact-tag and /contact/edit-contact-tag/:tag (001 §2): the tag's name and its contacts. */
export function ContactTagPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const me = useMe();
  const { tag: tagId = null } = useParams();
  const tag = useContactTag(tagId);
  const save = useSaveTag();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (tag.data) setName(tag.data.name);
  }, [tag.data]);
  if (!me.data || (tagId && !tag.data))
    return (
      <QueryState query={tag} pending={!me.data}>
        {null}
      </QueryState>
    );
  const access = contactAccessOf(me.data);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(contactTagInputSchema, { name });
    setErrors(result.errors);
    if (!result.success) return;
    save.mutate(
      { id: tagId, name: result.data.name },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(tagId ? 'contacts.tags.updated' : 'contacts.tags.created', { name: saved.name }),
          });
          if (!tagId) void navigate(`/contact/edit-contact-tag/${saved.id}`, { replace: true });
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  return (
    <Stack gap="md" maw={720}>
      <BackLink to="/contact?tab=tags" label={t('contacts.tags.back')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4">
              {tagId ? t('contacts.tags.editTitle') : t('contacts.tags.addTitle')}
            </Title>
            <TextInput
              label={t('contacts.tags.name')}
              withAsterisk
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setErrors({});
              }}
              error={message(errors.name) ?? (save.isError && !errors.name ? save.error.message : undefined)}
              disabled={tagId ? !access.update : !access.create}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/contact?tab=tags">
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={save.isPending}
                disabled={tagId ? !access.update : !access.create}
              >
                {tagId ? t('common.save') : t('contacts.tags.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {tagId ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Title order={3} size="h5" mb="sm">
            {t('contacts.tags.contacts')}
          </Title>
          <MembersPanel kind="tag" id={tagId} canChange={access.update} />
        </Paper>
      ) : null}
    </Stack>
  );
}
