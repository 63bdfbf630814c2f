import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { LANGUAGES } from '@/lib/locales';

/**
 * Two-button language choice for pages without the navbar (login); lighter than the dropdown.
 * Plain buttons drawn like antd's small ones: the sign-in page loads no antd (issue #34).
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <div role="group" aria-label={t('navbar.language')} className="language-toggle">
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          className={`plain-button plain-button-small ${l === lng ? 'plain-button-primary' : 'plain-button-text'}`}
          aria-pressed={l === lng}
          lang={l === 'pt' ? 'pt-PT' : 'en'}
          onClick={() => void setLanguage(l)}
          data-testid={`language-${l}`}
        >
          {t(`language.${l}`)}
        </button>
      ))}
    </div>
  );
}
