import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useAppInfo } from './appInfo';
import { useRouteMeta } from './useRouteMeta';

/** Document title = `<page title> | <partner brand>` (000 §1: the brand is stamped on the tab title). */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const info = useAppInfo();
  const meta = useRouteMeta();
  const title = meta ? t(meta.titleKey) : '';

  useEffect(() => {
    document.title = title ? `${title} | ${info.partner.brandName}` : info.partner.brandName;
  }, [title, info.partner.brandName]);

  return (
    <div lang={i18n.language} style={{ display: 'contents' }}>
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}
