import type { AppInfo } from '@sapa/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const AppInfoContext = createContext<AppInfo | null>(null);

export function AppInfoProvider({ info, children }: { info: AppInfo; children: ReactNode }) {
  return <AppInfoContext value={info}>{children}</AppInfoContext>;
}

/** GET /api/app/info, loaded once at boot: version, partner brand and flags, demo mode. */
export function useAppInfo(): AppInfo {
  const info = useContext(AppInfoContext);
  if (!info) throw new Error('useAppInfo outside AppInfoProvider');
  return info;
}
