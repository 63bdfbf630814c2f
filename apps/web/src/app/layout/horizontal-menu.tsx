import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomizer } from '@/lib/customizer';
import { useMenuItems, useSelectedMenuKey } from './use-menu';

/** The top menu of the horizontal layout: one dropdown per group of SPEC §2. */
export function HorizontalMenu() {
  const { t } = useTranslation();
  const { theme } = useCustomizer();
  const items = useMenuItems('horizontal');
  const selected = useSelectedMenuKey();
  return (
    <nav aria-label={t('navbar.mainMenu')} className="horizontal-nav">
      <Menu
        mode="horizontal"
        theme={theme === 'dark' ? 'dark' : 'light'}
        items={items}
        selectedKeys={selected}
        className="horizontal-menu"
        data-testid="horizontal-menu"
      />
    </nav>
  );
}
