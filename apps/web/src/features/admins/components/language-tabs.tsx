import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, type ContentLanguage } from '@cacifo/contract/codes/content';

/** Picks one of the four content languages (pt, en, es, fr). */
export function LanguageTabs({
  value,
  onChange,
}: {
  value: ContentLanguage;
  onChange: (l: ContentLanguage) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented
      value={value}
      onChange={(v) => onChange(v as ContentLanguage)}
      options={CONTENT_LANGUAGES.map((l) => ({ value: l, label: t(`admins.languages.${l}`) }))}
      data-testid="content-language"
    />
  );
}
