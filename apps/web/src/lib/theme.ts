import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './customizer';

/** Brand colours: a deep teal that keeps white text readable (WCAG AA) and a warm accent. */
export const BRAND = {
  primary: '#0F766E',
  primaryDark: '#2BB3A3',
  accent: '#F59E0B',
  siderDark: '#0E1A24',
} as const;

const shared: ThemeConfig['token'] = {
  fontFamily:
    "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji'",
  borderRadius: 8,
  wireframe: false,
};

/** Antd theme per mode. Semi-dark keeps light content; only the menu goes dark (see the layout). */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  if (mode === 'dark') {
    return {
      algorithm: antdTheme.darkAlgorithm,
      token: {
        ...shared,
        colorPrimary: BRAND.primaryDark,
        colorBgLayout: '#0B1117',
        colorTextDescription: 'rgba(255,255,255,0.62)',
      },
      components: {
        Layout: { headerBg: '#111A22', siderBg: '#111A22', bodyBg: '#0B1117', footerBg: 'transparent' },
        // The light teal needs dark text on top of it to stay readable.
        Button: { primaryColor: '#06201D' },
        Menu: {
          darkItemBg: '#111A22',
          darkSubMenuItemBg: '#0D151C',
          darkPopupBg: '#111A22',
          darkItemSelectedBg: BRAND.primaryDark,
          darkItemSelectedColor: '#06201D',
          darkItemColor: 'rgba(255,255,255,0.78)',
          darkGroupTitleColor: 'rgba(255,255,255,0.6)',
          horizontalItemSelectedColor: BRAND.primaryDark,
        },
      },
    };
  }
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      ...shared,
      colorPrimary: BRAND.primary,
      colorBgLayout: '#F4F6F8',
      // antd's default secondary grey misses WCAG AA on the grey page background.
      colorTextDescription: 'rgba(0,0,0,0.62)',
    },
    components: {
      Layout: {
        headerBg: '#FFFFFF',
        siderBg: mode === 'semiDark' ? BRAND.siderDark : '#FFFFFF',
        bodyBg: '#F4F6F8',
        footerBg: 'transparent',
      },
      Menu: {
        itemSelectedBg: '#E3F2EF',
        itemSelectedColor: '#0B5F58',
        itemHoverBg: 'rgba(15,118,110,0.06)',
        groupTitleColor: 'rgba(0,0,0,0.6)',
        darkItemColor: 'rgba(255,255,255,0.78)',
        darkItemBg: BRAND.siderDark,
        darkSubMenuItemBg: '#0A141C',
        darkItemSelectedBg: BRAND.primary,
        darkGroupTitleColor: 'rgba(255,255,255,0.6)',
      },
    },
  };
}
