import { Checkbox, Divider, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  ACCESS_ROLE_MENUS,
  ACCESS_ROLE_NAME_MAX,
  type AccessRole,
  type AccessRoleMenuKey,
  accessRoleInputSchema,
  isAccessRoleMenuKey,
} from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { FormModal } from '../../shared/ui/FormModal';
import { useSaveAccessRole } from './api';

const ALWAYS_ON = ACCESS_ROLE_MENUS.filter((menu) => menu.alwaysOn).map((menu) => menu.key);

interface Values {
  name: string;
  description: string;
  allMenu: boolean;
  menus: AccessRoleMenuKey[];
}

function valuesOf(role: AccessRole | null): Values {
  if (!role) return { name: '', description: '', allMenu: false, menus: [...ALWAYS_ON] };
  const menus = role.menus.filter(isAccessRoleMenuKey);
  return {
    name: role.name,
    description: role.description ?? '',
    allMenu: role.allMenu,
    menus: [...new Set([...ALWAYS_ON, ...menus])],
  };
}

/** Create or edit an access role (001 §3: name max 15, description, menu access list with "All menu"). */
export function AccessRoleFormModal({
  role,
  opened,
  onClose,
  onSaved,
}: {
  role: AccessRole | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (role: AccessRole) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveAccessRole();
  const [values, setValues] = useState<Values>(() => valuesOf(role));
  const [errors, setErrors] = useState<FieldErrors>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens for a role
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(role));
    setErrors({});
    save.reset();
  }, [opened, role]);

  const toggleMenu = (key: AccessRoleMenuKey, checked: boolean) => {
    setValues((old) => ({
      ...old,
      menus: checked ? [...old.menus, key] : old.menus.filter((menu) => menu !== key),
    }));
    setErrors((old) => ({ ...old, menus: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      description: values.description.trim() || undefined,
      allMenu: values.allMenu,
      menus: values.allMenu
        ? []
        : ACCESS_ROLE_MENUS.map((menu) => menu.key).filter((key) => values.menus.includes(key)),
    };
    const result = validate(accessRoleInputSchema, body);
    setErrors(result.errors);
    if (!result.success) return;
    save.mutate(
      { id: role?.id ?? null, body: result.data },
      { onSuccess: onSaved, onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={role ? t('admin.roles.editTitle') : t('admin.roles.addTitle')}
      size="xl"
      onSubmit={submit}
      saveError={save.isError ? save.error : null}
      pending={save.isPending}
      submitLabel={role ? t('common.save') : t('admin.roles.add')}
    >
      <TextInput
        label={t('admin.roles.name')}
        description={t('admin.roles.nameHint', { max: ACCESS_ROLE_NAME_MAX })}
        withAsterisk
        value={values.name}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setValues((old) => ({ ...old, name }));
          setErrors((old) => ({ ...old, name: undefined }));
        }}
        error={message(errors.name)}
        data-autofocus
      />
      <Textarea
        label={t('admin.roles.description')}
        autosize
        minRows={2}
        maxRows={4}
        value={values.description}
        onChange={(event) => {
          const description = event.currentTarget.value;
          setValues((old) => ({ ...old, description }));
        }}
        error={message(errors.description)}
      />
      <Divider label={t('admin.roles.menuAccess')} labelPosition="left" />
      <Switch
        label={t('admin.roles.allMenu')}
        description={t('admin.roles.allMenuHint')}
        checked={values.allMenu}
        onChange={(event) => {
          const allMenu = event.currentTarget.checked;
          setValues((old) => ({ ...old, allMenu }));
          setErrors((old) => ({ ...old, menus: undefined }));
        }}
      />
      <Checkbox.Group
        label={t('admin.roles.menus')}
        value={values.allMenu ? ACCESS_ROLE_MENUS.map((menu) => menu.key) : values.menus}
        error={message(errors.menus)}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
          {ACCESS_ROLE_MENUS.map((menu) => (
            <Checkbox
              key={menu.key}
              value={menu.key}
              label={t(menu.labelKey)}
              disabled={values.allMenu || menu.alwaysOn}
              onChange={(event) => toggleMenu(menu.key, event.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Text size="xs" c="dimmed">
        {t('admin.roles.alwaysOnHint')}
      </Text>
    </FormModal>
  );
}
