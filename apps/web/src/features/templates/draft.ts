import {
  positionalTemplateBody,
  renderTemplateBody,
  type TemplateContactField,
  type TemplateInput,
  templateInputSchema,
  templatePlaceholders,
} from '@sapa/contracts';

export interface DraftVariable {
  name: string;
  sample: string;
  contactField: TemplateContactField | null;
}

/**
 * The variables of a body as the form edits them: one per distinct placeholder, positional ones (`{{1}}`)
 * in number order with an editable name, named ones (`{{nama}}`) in order of appearance named after
 * themselves. A variable keeps its sample and contact field while the body is edited.
 */
export function variablesOfBody(body: string, previous: readonly DraftVariable[]): DraftVariable[] {
  const seen = [...new Set(templatePlaceholders(body))];
  const positional = seen.filter((p) => /^\d+$/.test(p)).sort((a, b) => Number(a) - Number(b));
  const named = seen.filter((p) => !/^\d+$/.test(p));
  const out: DraftVariable[] = [];
  for (const p of positional) {
    const i = Number(p) - 1;
    const before = previous[i];
    out.push(
      before && !named.includes(before.name)
        ? before
        : { name: `variabel_${p}`, sample: '', contactField: null },
    );
  }
  for (const name of named) {
    const before = previous.find((v) => v.name === name);
    out.push(before ?? { name, sample: '', contactField: null });
  }
  return out;
}

/** The body as the customer would read it with the samples (a missing sample keeps its placeholder). */
export function previewText(body: string, variables: readonly DraftVariable[]): string {
  return renderTemplateBody(
    positionalTemplateBody(body, variables),
    variables.map((v) => v.sample),
  );
}

/** Problems of the draft by full field path ('name', 'buttons.0.url' …), as message keys. */
export function draftProblems(draft: TemplateInput): Record<string, string> {
  const result = templateInputSchema.safeParse(draft);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}
