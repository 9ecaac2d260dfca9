import type { MacroAction, TicketSummary } from '@sapa/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeMacroAction, replyValuesOf } from './macroText';

/** A stand-in for i18next's t that shows the key and the text it was given. */
const t = ((key: string, options?: { text?: string }) =>
  `${key}: ${options?.text ?? ''}`) as unknown as TFunction;
const ticket = { contact: { name: 'Rina', handle: '6281234567890' }, displayId: 'T-42' } as TicketSummary;
const message: MacroAction = {
  type: 'message',
  visibility: 'public',
  text: 'Halo {{name}}, tiket {{ticket}}',
};

describe('macro preview text (issue 16 §9: the preview showed raw {{name}})', () => {
  it.each([
    ['a chat preview fills the variables', replyValuesOf(ticket, 'Agen'), 'Halo Rina, tiket T-42'],
    ['the editor list (no chat) keeps them as written', undefined, 'Halo {{name}}, tiket {{ticket}}'],
  ])('%s', (_, values, text) => {
    expect(describeMacroAction(t, message, values)).toBe(`csLibrary.actions.messageText: ${text}`);
  });
});
