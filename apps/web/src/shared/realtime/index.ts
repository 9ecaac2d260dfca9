export type { RealtimeState } from './client';
export { RealtimeProvider, useRealtime, useRealtimeState } from './RealtimeProvider';
