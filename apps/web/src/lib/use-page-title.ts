import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<title>` follows the screen and the language, so tabs and history read well. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title && title !== app ? `${title} · ${app}` : app;
  }, [title, app]);
}
