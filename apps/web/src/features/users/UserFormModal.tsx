import { Select, TagsInput, TextInput } from '@mantine/core';
import {
  type AccessRole,
  type AdminUser,
  adminUserCreateBody,
  adminUserUpdateBody,
  type CsPosition,
  can,
  type Me,
} from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { FormModal } from '../../shared/ui/FormModal';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useSaveUser } from './api';
import { CS_POSITIONS, csPositionKey } from './labels';

type Role = 'ADC' | 'USC';

interface Values {
  name: string;
  email: string;
  password: string;
  role: Role | null;
  accessRoleId: string | null;
  csPosition: CsPosition | null;
  csTags: string[];
}

const EMPTY: Values = {
  name: '',
  email: '',
  password: '',
  // Most people added are agents.
  role: 'USC',
  accessRoleId: null,
  csPosition: null,
  csTags: [],
};

function valuesOf(user: AdminUser | null): Values {
  if (!user) return EMPTY;
  return {
    name: user.name,
    email: user.email,
    password: '',
    role: user.role === 'ADC' || user.role === 'USC' ? user.role : null,
    accessRoleId: user.accessRoleId,
    csPosition: user.csPosition,
    csTags: user.csTags,
  };
}

/**
 * 001 §5 User: the CS position is required only when the user has Chat Inbox access (with the chosen
 * role and access role, in this business), and empty otherwise.
 */
function hasInboxAccess(me: Me, role: Role | null, accessRole: AccessRole | undefined): boolean {
  if (!role) return false;
  return can(
    {
      role,
      userFeatures: accessRole?.featureAccess ?? null,
      clientPlanFeatures: me.planFeatures,
      accountCountry: me.accountCountry,
    },
    'CUSTOMER_SERVICE_INBOX',
  );
}

/** Tags split on commas, trimmed, without blanks or duplicates (001 §3: CS tags comma separated). */
function cleanTags(tags: readonly string[]): string[] {
  const out = tags.flatMap((tag) => tag.split(',')).map((tag) => tag.trim());
  return [...new Set(out.filter(Boolean))];
}

/** Add or edit a user (001 §2 Admin settings: add or edit user; §3 User fields). */
export function UserFormModal({
  me,
  user,
  opened,
  accessRoles,
  onClose,
  onSaved,
}: {
  me: Me;
  /** null = add a user. */
  user: AdminUser | null;
  opened: boolean;
  accessRoles: readonly AccessRole[];
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveUser();
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const editing = user !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens for a user
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(user));
    setErrors({});
    save.reset();
  }, [opened, user]);

  const accessRole = accessRoles.find((role) => role.id === values.accessRoleId);
  const inbox = hasInboxAccess(me, values.role, accessRole);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => {
      const next = { ...old, [key]: value };
      // Without inbox access the CS position must stay empty.
      const nextRole = accessRoles.find((role) => role.id === next.accessRoleId);
      if (!hasInboxAccess(me, next.role, nextRole)) next.csPosition = null;
      return next;
    });
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      name: values.name,
      role: values.role ?? undefined,
      accessRoleId: values.accessRoleId,
      csPosition: inbox ? values.csPosition : null,
      csTags: values.csTags,
    };
    const result = editing
      ? validate(adminUserUpdateBody, { ...common, password: values.password || undefined })
      : validate(adminUserCreateBody, { ...common, email: values.email, password: values.password });
    const found: FieldErrors = { ...result.errors };
    if (inbox && !values.csPosition) found.csPosition = 'user.roleRequired';
    setErrors(found);
    if (!result.success || Object.values(found).some(Boolean)) return;
    save.mutate(
      { id: user?.id ?? null, body: result.data },
      { onSuccess: onSaved, onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };

  const roleOptions = [
    { value: 'ADC', label: t('roles.ADC') },
    { value: 'USC', label: t('roles.USC') },
  ];
  const accessRoleOptions = accessRoles.map((role) => ({ value: role.id, label: role.name }));
  const positionOptions = CS_POSITIONS.map((position) => ({
    value: position,
    label: t(csPositionKey(position)),
  }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('admin.users.editTitle') : t('admin.users.addTitle')}
      size="lg"
      onSubmit={submit}
      saveError={save.isError ? save.error : null}
      pending={save.isPending}
      submitLabel={editing ? t('common.save') : t('admin.users.add')}
    >
      <TextInput
        label={t('admin.users.name')}
        withAsterisk
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={message(errors.name)}
        data-autofocus
      />
      <TextInput
        label={t('admin.users.email')}
        type="email"
        withAsterisk={!editing}
        disabled={editing}
        value={values.email}
        onChange={(event) => set('email', event.currentTarget.value)}
        error={message(errors.email)}
        autoComplete="off"
      />
      <PasswordField
        label={t('admin.users.password')}
        description={editing ? t('admin.users.passwordKeep') : t('password.rules')}
        withAsterisk={!editing}
        value={values.password}
        onChange={(event) => set('password', event.currentTarget.value)}
        error={message(errors.password)}
        autoComplete="new-password"
      />
      <Select
        label={t('admin.users.role')}
        withAsterisk
        data={roleOptions}
        value={values.role}
        onChange={(value) => set('role', value === 'ADC' || value === 'USC' ? value : null)}
        error={message(errors.role)}
        allowDeselect={false}
      />
      <Select
        label={t('admin.users.accessRole')}
        description={t('admin.users.accessRoleHint')}
        placeholder={t('admin.users.defaultAccess')}
        data={accessRoleOptions}
        value={values.accessRoleId}
        onChange={(value) => set('accessRoleId', value)}
        error={message(errors.accessRoleId)}
        clearable
      />
      <Select
        label={t('admin.users.csPosition')}
        description={inbox ? t('admin.users.csPositionHint') : t('admin.users.csPositionNoInbox')}
        withAsterisk={inbox}
        disabled={!inbox}
        data={positionOptions}
        value={inbox ? values.csPosition : null}
        onChange={(value) => set('csPosition', CS_POSITIONS.find((position) => position === value) ?? null)}
        error={message(errors.csPosition)}
      />
      <TagsInput
        label={t('admin.users.csTags')}
        description={t('admin.users.csTagsHint')}
        value={values.csTags}
        onChange={(tags) => set('csTags', cleanTags(tags))}
        error={message(errors.csTags)}
        splitChars={[',']}
        clearable
      />
    </FormModal>
  );
}
