import { bulkActionSchema } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { actionOf, EMPTY } from './draft';

const formId = '0190a0c0-0000-7000-8000-0000000000f1';
const fieldId = '0190a0c0-0000-7000-8000-0000000000f2';

describe('bulk action draft → contract (000 §3 bulk ticket action)', () => {
  it.each([
    ['nothing chosen', {}, {}],
    ['resolve', { resolve: true }, { status: 'resolved' }],
    ['priority', { priority: '1' }, { priority: 1 }],
    ['blank message is left out', { message: '   ' }, {}],
    [
      'internal note',
      { message: 'cek', visibility: 'internal' },
      { sendMessageAs: 'internal', message: 'cek' },
    ],
    [
      'custom form with its values, nothing else of the form',
      { form: formId, formValues: { [fieldId]: 'INV-1' } },
      { form: { ticketFormId: formId, values: { [fieldId]: 'INV-1' } } },
    ],
  ] as const)('%s', (_, patch, expected) => {
    expect(actionOf({ ...EMPTY, ...patch })).toEqual(expected);
  });

  it('a form alone is a valid bulk action; nothing at all is not', () => {
    expect(bulkActionSchema.safeParse(actionOf({ ...EMPTY, form: formId })).success).toBe(true);
    const none = bulkActionSchema.safeParse(actionOf(EMPTY));
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe('bulk.nothingToDo');
  });
});
