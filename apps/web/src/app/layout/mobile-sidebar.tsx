import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomizer } from '@/lib/customizer';
import { SIDER_WIDTH, SidebarBrand, SidebarMenu } from './sidebar';

/** Below 1200 px the same menu slides in from the start edge; its own chunk (antd's drawer). */
export default function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
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
