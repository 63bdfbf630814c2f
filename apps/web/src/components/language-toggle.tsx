import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { LANGUAGES } from '@/lib/locales';

/** Two-button language choice for pages without the navbar (login); lighter than the dropdown. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <div role="group" aria-label={t('navbar.language')} className="language-toggle">
      {LANGUAGES.map((l) => (
        <Button
          key={l}
          size="small"
          type={l === lng ? 'primary' : 'text'}
          aria-pressed={l === lng}
          lang={l === 'pt' ? 'pt-PT' : 'en'}
          onClick={() => void setLanguage(l)}
          data-testid={`language-${l}`}
        >
          {t(`language.${l}`)}
        </Button>
      ))}
    </div>
  );
}
