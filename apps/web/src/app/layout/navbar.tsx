import { Button, Layout, Tooltip } from 'antd';
import {
  FundProjectionScreenOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SunOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { homePathFor } from '@cacifo/contract/navigation';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';
import { BookmarksBar } from '@/features/bookmarks/components/bookmarks-bar';
import { PageSearch } from '@/features/search/components/page-search';
import { toggleNightMode, updateCustomizer, useCustomizer } from '@/lib/customizer';
import { useFeatures } from '@/lib/health';
import { useSession } from '@/lib/session';
import { MEDIA, useMediaQuery } from '@/lib/use-media-query';
import { NavbarSlot } from '../navbar-slots';
import { CustomizerPanel } from './customizer-panel';
import { UserMenu } from './user-menu';
import { pathTo } from '@cacifo/contract/route-paths';

interface NavbarProps {
  layout: 'vertical' | 'horizontal';
  wide: boolean;
  onOpenMenu: () => void;
}

export function Navbar({ layout, wide, onOpenMenu }: NavbarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { theme, menuCollapsed } = useCustomizer();
  const features = useFeatures();
  const showSearch = useMediaQuery(MEDIA.searchIcon);
  const showMonitoringIcon = useMediaQuery(MEDIA.monitoringIcon);
  const roomy = useMediaQuery('(min-width: 768px)');
  const userMenuText = useMediaQuery(MEDIA.userMenuText);
  const monitoring =
    showMonitoringIcon &&
    features.monitoringLink &&
    session !== null &&
    can(session.userRole, 'monitoring.view', session.modules);
  const dark = theme === 'dark';

  return (
    <Layout.Header
      className={`app-navbar app-navbar-${layout}`}
      id="app-navbar"
      tabIndex={-1}
      data-testid="navbar"
    >
      <div className="navbar-start">
        {layout === 'horizontal' ? (
          <Link to={session ? homePathFor(session.userRole, session.modules) : '/'} aria-label="Cacifo">
            <BrandLogo size={30} />
          </Link>
        ) : wide ? (
          <Button
            type="text"
            shape="circle"
            icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={menuCollapsed ? t('navbar.expandMenu') : t('navbar.collapseMenu')}
            onClick={() => updateCustomizer({ menuCollapsed: !menuCollapsed })}
          />
        ) : (
          <Button
            type="text"
            shape="circle"
            icon={<MenuOutlined />}
            aria-label={t('navbar.openMenu')}
            onClick={onOpenMenu}
            data-testid="open-menu"
          />
        )}
        <BookmarksBar showShortcuts={roomy} />
      </div>
      <div className="navbar-end">
        <NavbarSlot name="orderSearch" />
        {showSearch && <PageSearch />}
        {monitoring && (
          <Tooltip title={t('navbar.monitoring')}>
            <a
              href={pathTo('monitoring')}
              target="_blank"
              rel="noopener"
              className="navbar-icon-link"
              aria-label={t('navbar.monitoring')}
              data-testid="monitoring-link"
            >
              <FundProjectionScreenOutlined />
            </a>
          </Tooltip>
        )}
        <NavbarSlot name="scanner" />
        <NavbarSlot name="voice" />
        <LanguageSwitch />
        <Tooltip title={dark ? t('navbar.lightMode') : t('navbar.nightMode')}>
          <Button
            type="text"
            shape="circle"
            icon={dark ? <SunOutlined /> : <MoonOutlined />}
            aria-label={t('navbar.nightMode')}
            aria-pressed={dark}
            onClick={toggleNightMode}
            data-testid="night-mode"
          />
        </Tooltip>
        <CustomizerPanel />
        <NavbarSlot name="notifications" />
        <span className="navbar-divider" aria-hidden="true" />
        <UserMenu compact={!userMenuText} />
      </div>
    </Layout.Header>
  );
}
