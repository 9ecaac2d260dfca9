export type { RealtimeState } from './client';
export { RealtimeClient } from './client';
export { RealtimeProvider, useRealtime, useRealtimeState } from './RealtimeProvider';
