import { Alert, Badge, Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  renderTemplateBody,
  type Template,
  type TemplateContactField,
  templateValuesOf,
} from '@sapa/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import { formatNumber } from '../../../shared/time';
import { limitProps } from '../../../shared/ui/limitProps';

export type ContactValues = Partial<Record<TemplateContactField, string | null>>;

export interface TemplateFormErrors {
  template?: string | undefined;
  variables?: Record<number, string>;
}

/** Form checks before sending (the server checks the same): a template, and every variable filled. */
function templateFormErrors(
  template: Template | undefined,
  values: readonly string[],
  contact: ContactValues,
  requiredKey: 'template.required' | 'template.followUpRequired',
): TemplateFormErrors | null {
  if (!template) return { template: translateMessage(requiredKey) };
  const filled = templateValuesOf(template.variables, values, contact);
  const variables: Record<number, string> = {};
  filled.forEach((v, i) => {
    if (!v) variables[i] = translateMessage('template.variableRequired');
  });
  return Object.keys(variables).length ? { variables } : null;
}

/**
 * The state of a template form — the chosen template, the typed values and their errors — with the
 * idempotency key of the send: renewed when the template changes or the form is reset, so a retried request
 * after a network failure never sends twice but a different message never reuses a key.
 */
export function useTemplateForm(
  contact: ContactValues,
  requiredKey: 'template.required' | 'template.followUpRequired',
) {
  const [template, setTemplate] = useState<Template | undefined>();
  const [values, setValues] = useState<string[]>([]);
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const attempt = useRef(crypto.randomUUID());
  const renewAttempt = () => {
    attempt.current = crypto.randomUUID();
  };
  return {
    template,
    values,
    errors,
    clientMessageId: () => attempt.current,
    renewAttempt,
    /** Checks the form; shows and returns whether it is complete. */
    validate: () => {
      const problems = templateFormErrors(template, values, contact, requiredKey);
      setErrors(problems ?? {});
      return problems === null;
    },
    reset: () => {
      setTemplate(undefined);
      setValues([]);
      setErrors({});
      renewAttempt();
    },
    picker: {
      template,
      values,
      errors,
      contact,
      onTemplateChange: (next: Template | undefined) => {
        setTemplate(next);
        setErrors({});
        renewAttempt();
      },
      onValuesChange: (next: string[]) => {
        setValues(next);
        setErrors(({ variables: _, ...rest }) => rest);
      },
    },
  };
}

/**
 * Choose an approved template, fill its variables (contact values prefilled, editable) and see the message
 * as the customer will read it.
 */
export function TemplatePicker({
  templates,
  template,
  onTemplateChange,
  values,
  onValuesChange,
  contact,
  errors,
  cost,
}: {
  templates: UseQueryResult<Template[]>;
  template: Template | undefined;
  onTemplateChange: (template: Template | undefined) => void;
  values: string[];
  onValuesChange: (values: string[]) => void;
  contact: ContactValues;
  errors: TemplateFormErrors;
  /** Chat credits the send costs (001 §9), shown under the preview. */
  cost: number;
}) {
  const { t, i18n } = useTranslation();
  if (templates.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton height={14} width={90} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (templates.isError) {
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('chatTemplates.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void templates.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const items = templates.data;
  if (items.length === 0) {
    return (
      <Alert color="gray" data-testid="no-templates">
        {t('chatTemplates.noTemplates')}
      </Alert>
    );
  }
  const filled = template ? templateValuesOf(template.variables, values, contact) : [];
  return (
    <Stack gap="sm">
      <Select
        label={t('chatTemplates.template')}
        placeholder={t('chatTemplates.templatePlaceholder')}
        data={items.map((item) => ({ value: item.id, label: item.name }))}
        value={template?.id ?? null}
        onChange={(id) => {
          const next = items.find((item) => item.id === id);
          onTemplateChange(next);
          onValuesChange(next ? templateValuesOf(next.variables, [], contact) : []);
        }}
        searchable
        required
        error={errors.template}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage={t('chatTemplates.noMatch')}
      />
      {template ? (
        <>
          <Group gap={6}>
            <Badge size="sm" variant="light" tt="none">
              {template.category}
            </Badge>
            <Badge size="sm" variant="outline" color="gray" tt="none">
              {template.language}
            </Badge>
          </Group>
          {template.variables.map((variable, i) => (
            <TextInput
              // Variables are positional ({{1}}, {{2}} …): the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: positional template variables
              key={i}
              label={t('chatTemplates.variable', { n: i + 1, name: variable.name })}
              placeholder={t('chatTemplates.example', { sample: variable.sample })}
              value={values[i] ?? ''}
              onChange={(event) => {
                const next = [...values];
                next[i] = event.currentTarget.value;
                onValuesChange(next);
              }}
              required
              {...limitProps(values[i] ?? '', 1024, t, {
                description: variable.contactField
                  ? t('chatTemplates.fromContact', {
                      field: t(`chatTemplates.contactField.${variable.contactField}`, {
                        defaultValue: variable.contactField,
                      }),
                    })
                  : undefined,
                error: errors.variables?.[i],
              })}
            />
          ))}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('chatTemplates.preview')}
            </Text>
            <Paper
              withBorder
              p="sm"
              radius="md"
              bg="var(--mantine-color-green-0)"
              data-testid="template-preview"
              aria-live="polite"
            >
              {template.headerText ? (
                <Text size="sm" fw={600} mb={4}>
                  {template.headerText}
                </Text>
              ) : null}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {renderTemplateBody(template.body, filled)}
              </Text>
              {template.footer ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {template.footer}
                </Text>
              ) : null}
            </Paper>
          </Stack>
        </>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('chatTemplates.cost', { amount: formatNumber(cost, i18n.language) })}
      </Text>
    </Stack>
  );
}
