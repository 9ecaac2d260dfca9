import type { CsPosition } from '@sapa/contracts';

/** 000 §6 CS roles in the inbox, as offered in the user form (labels are i18n keys). */
export const CS_POSITIONS: readonly CsPosition[] = ['SPV1', 'SPV2', 'CS1', 'CS2'];

export const csPositionKey = (position: CsPosition) => `csPosition.${position}`;
