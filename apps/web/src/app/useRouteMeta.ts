import { useMatches } from 'react-router';
import type { PublicRoute, ShellRoute } from './routes';

/** The route-table entry of the deepest matched route, if any. */
export function useRouteMeta(): PublicRoute | ShellRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as PublicRoute | ShellRoute | undefined;
    if (handle && typeof handle === 'object' && 'titleKey' in handle) return handle;
  }
  return undefined;
}
