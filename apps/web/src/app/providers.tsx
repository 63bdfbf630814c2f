import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useCustomizer } from '@/lib/customizer';
import { currentLanguage } from '@/lib/i18n';
import { createMutationCache } from '@/lib/mutation-feedback';
import { createQueryCache } from '@/lib/query-cache';
import { keepTableScrollRegionsFocusable } from '@/lib/focusable-scroll-regions';
import { antdLocale } from '@/lib/antd-locale';
import { themeConfig } from '@/lib/theme';
import { MEDIA, useMediaQuery } from '@/lib/use-media-query';
import { SessionKeeper } from './session-keeper';

function createQueryClient() {
  return new QueryClient({
    // Success and failure messages of every mutation come from here (docs/adr/0060).
    mutationCache: createMutationCache(),
    // An invalidation during a query's first fetch is not lost (lib/query-cache.ts).
    queryCache: createQueryCache(),
    defaultOptions: {
      queries: {
        // A 4xx will not fix itself by asking again; network and 5xx get two more tries.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The whole page follows the theme and direction, not only antd components. */
function DocumentSync() {
  const { token } = antdTheme.useToken();
  const { theme, direction } = useCustomizer();
  useEffect(() => {
    const root = document.documentElement;
    root.dir = direction;
    root.dataset.theme = theme;
    root.style.colorScheme = theme === 'dark' ? 'dark' : 'light';
    const vars: Record<string, string> = {
      '--cacifo-bg': token.colorBgLayout,
      '--cacifo-surface': token.colorBgContainer,
      '--cacifo-elevated': token.colorBgElevated,
      '--cacifo-text': token.colorText,
      '--cacifo-text-secondary': token.colorTextSecondary,
      '--cacifo-border': token.colorBorderSecondary,
      '--cacifo-primary': token.colorPrimary,
      '--cacifo-primary-bg': token.colorPrimaryBg,
      '--cacifo-fill': token.colorFillTertiary,
      '--cacifo-shadow': token.boxShadowTertiary,
    };
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
    const meta = document.querySelector('meta[name="theme-color"]');
    meta?.setAttribute('content', token.colorBgContainer);
  }, [token, theme, direction]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Every table's scroll region is reachable by keyboard (lib/focusable-scroll-regions.ts).
  useEffect(() => keepTableScrollRegionsFocusable(), []);
  const { theme, direction } = useCustomizer();
  const reducedMotion = useMediaQuery(MEDIA.reducedMotion);
  const { i18n, t } = useTranslation();
  const lng = (i18n.resolvedLanguage ?? currentLanguage()) === 'pt' ? 'pt' : 'en';
  // Built once per language: a new locale object on each render would re-render every picker.
  const locale = useMemo(() => antdLocale(lng, t('list.pageSize')), [lng, t]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig(theme, reducedMotion)} direction={direction} locale={locale}>
        <DocumentSync />
        <SessionKeeper />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
