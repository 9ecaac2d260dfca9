import type { MacroActionType } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { actionRow, switchActionType } from './macroDraft';

const typed = actionRow({ type: 'message', visibility: 'internal', text: 'Sudah dicek gudang' });
const through = (types: MacroActionType[]) => types.reduce(switchActionType, typed).action;

describe('switchActionType (issue 16 §9: changing an action type threw away what was typed)', () => {
  it.each([
    {
      path: ['priority', 'message'],
      want: { type: 'message', visibility: 'internal', text: 'Sudah dicek gudang' },
    },
    {
      path: ['status', 'addTags', 'message'],
      want: { type: 'message', visibility: 'internal', text: 'Sudah dicek gudang' },
    },
    { path: ['priority'], want: { type: 'priority', priority: 1 } },
    { path: ['message'], want: { type: 'message', visibility: 'internal', text: 'Sudah dicek gudang' } },
  ] as { path: MacroActionType[]; want: unknown }[])('message → $path', ({ path, want }) => {
    expect(through(path)).toEqual(want);
  });

  it('carries tags between adding and removing them, and keeps each type on return', () => {
    const tags = switchActionType(typed, 'addTags');
    const withTags = { ...tags, action: { type: 'addTags' as const, tags: ['vip'] } };
    expect(switchActionType(withTags, 'removeTags').action).toEqual({ type: 'removeTags', tags: ['vip'] });
    const back = switchActionType(switchActionType(withTags, 'priority'), 'addTags');
    expect(back.action).toEqual({ type: 'addTags', tags: ['vip'] });
    expect(back.key).toBe(typed.key);
  });
});
