import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { LANGUAGES, isLanguage } from '@/lib/locales';

const FLAG: Record<(typeof LANGUAGES)[number], string> = { pt: 'PT', en: 'EN' };

/** Language menu (pt-PT default, en); the choice is kept under the `i18n` storage key. */
export function LanguageSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lng],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`language.${l}`), 'data-testid': `language-${l}` })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined aria-hidden="true" />} data-testid="language-switch">
        {/* Named by its own text ("Idioma: PT"), so what a speech user reads is in the name. */}
        <span className="sr-only">{t('navbar.language')}: </span>
        <span className="language-switch-code">{showLabel ? t(`language.${lng}`) : FLAG[lng]}</span>
      </Button>
    </Dropdown>
  );
}
