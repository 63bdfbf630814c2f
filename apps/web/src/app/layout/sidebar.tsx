import { Drawer, Layout, Menu } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '@cacifo/contract/navigation';
import { BrandLogo } from '@/components/brand-logo';
import { useCustomizer } from '@/lib/customizer';
import { useSession } from '@/lib/session';
import { useMenuItems, useSelectedMenuKey } from './use-menu';

export const SIDER_WIDTH = 260;
export const SIDER_COLLAPSED_WIDTH = 80;

function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
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

function SidebarBrand({ collapsed }: { collapsed: boolean }) {
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

/** Below 1200 px the same menu slides in from the start edge. */
export function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { direction, theme } = useCustomizer();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'right' : 'left'}
      size={SIDER_WIDTH}
      closable={false}
      aria-label={t('navbar.mainMenu')}
      className={`app-sider-drawer app-sider-${theme}`}
      styles={{ body: { padding: 0 } }}
    >
      <div className={`app-sider app-sider-${theme}`} style={{ height: '100%' }}>
        <SidebarBrand collapsed={false} />
        <SidebarMenu onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
