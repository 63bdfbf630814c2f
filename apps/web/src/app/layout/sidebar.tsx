import { Layout, Menu } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '@cacifo/contract/navigation';
import { BrandLogo } from '@/components/brand-logo';
import { useCustomizer } from '@/lib/customizer';
import { useSession } from '@/lib/session';
import { useMenuItems, useSelectedMenuKey } from './use-menu';

export const SIDER_WIDTH = 260;
const SIDER_COLLAPSED_WIDTH = 80;

export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { theme } = useCustomizer();
  const items = useMenuItems('vertical');
  const selected = useSelectedMenuKey();
  return (
    <nav aria-label={t('navbar.mainMenu')} className="sidebar-nav">
      <Menu
        mode="inline"
        theme={theme === 'light' ? 'light' : 'dark'}
        items={items}
        selectedKeys={selected}
        onClick={onNavigate}
        className="sidebar-menu"
        data-testid="sidebar-menu"
      />
    </nav>
  );
}

export function SidebarBrand({ collapsed }: { collapsed: boolean }) {
  const session = useSession();
  const home = session ? homePathFor(session.userRole, session.modules) : '/';
  return (
    <Link to={home} className="sidebar-brand" aria-label="Cacifo">
      <BrandLogo withName={!collapsed} size={30} />
    </Link>
  );
}

/** Fixed sidebar from 1200 px; collapsing is a saved preference. */
export function Sidebar() {
  const { menuCollapsed, theme } = useCustomizer();
  return (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={menuCollapsed}
      trigger={null}
      className={`app-sider app-sider-${theme}`}
      data-testid="sidebar"
    >
      <SidebarBrand collapsed={menuCollapsed} />
      <SidebarMenu />
    </Layout.Sider>
  );
}
