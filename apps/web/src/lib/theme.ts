import { theme as antdTheme, type ThemeConfig } from 'antd';
import { BRAND } from './brand';
import type { ThemeMode } from './customizer';

const shared: ThemeConfig['token'] = {
  fontFamily:
    "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji'",
  borderRadius: 8,
  wireframe: false,
};

/**
 * WCAG 2.2 AA (4.5:1 for text) is met here, in the tokens, not screen by screen (issue #26). antd's
 * defaults miss it in a few places every screen uses: links take the info blue (4.1:1), faint
 * texts (tertiary, placeholder, empty tables) are 25-45 % black (1.8-3.4:1), status colours are
 * mid-tones (success 2.3:1, danger buttons 3.3:1) and a preset tag writes its `<colour>7` on its
 * `<colour>1` (green 3.4:1, gold 2.8:1). Each value below is the nearest one that reaches 4.5:1
 * on the lightest background it is drawn on.
 */
/**
 * antd keeps each palette step twice (`green7` for styles, `green-7` for its CSS variable
 * `--ant-green-7`, written last): both must change or the tags keep the old colour.
 */
function presetText(colours: Record<string, string>): ThemeConfig['token'] {
  return Object.fromEntries(
    Object.entries(colours).flatMap(([name, colour]) => [
      [`${name}7`, colour],
      [`${name}-7`, colour],
    ]),
  );
}

const LIGHT_TEXT: ThemeConfig['token'] = {
  colorLink: BRAND.primary,
  colorLinkHover: '#0B5F58',
  colorLinkActive: '#094C46',
  colorTextTertiary: 'rgba(0,0,0,0.6)',
  colorTextPlaceholder: 'rgba(0,0,0,0.56)',
  // antd's default secondary grey misses WCAG AA on the grey page background.
  colorTextDescription: 'rgba(0,0,0,0.62)',
  // Status colours are seeds: antd derives their tints from them, so the light backgrounds and
  // borders are pinned back to antd's own (a darker seed would grey them).
  colorSuccess: '#237804',
  colorSuccessBg: '#F6FFED',
  colorSuccessBorder: '#B7EB8F',
  colorWarning: '#8A5300',
  colorWarningBg: '#FFFBE6',
  colorWarningBorder: '#FFE58F',
  colorError: '#CF1322',
  colorErrorBg: '#FFF2F0',
  colorErrorBorder: '#FFCCC7',
  colorInfo: '#0958D9',
  colorInfoBg: '#E6F4FF',
  colorInfoBorder: '#91CAFF',
  // Preset tags (`<Tag color="green">`): text colour on the palette's lightest tint.
  ...presetText({
    green: '#237804',
    gold: '#874D00',
    orange: '#AD4E00',
    volcano: '#AD2102',
    yellow: '#876800',
    lime: '#3F6600',
    cyan: '#006D75',
  }),
};

const DARK_TEXT: ThemeConfig['token'] = {
  colorLink: BRAND.primaryDark,
  colorLinkHover: '#5CCFC1',
  colorLinkActive: '#1E8E81',
  colorTextTertiary: 'rgba(255,255,255,0.6)',
  colorTextPlaceholder: 'rgba(255,255,255,0.5)',
  colorTextDescription: 'rgba(255,255,255,0.62)',
  // The dark palette's mid-tones are too dim on the dark surfaces; its lighter steps read.
  colorError: '#F37370',
  colorErrorBg: '#2C1618',
  colorErrorBorder: '#5B2526',
  colorInfo: '#65A9F3',
  colorInfoBg: '#111A2C',
  colorInfoBorder: '#15325B',
  ...presetText({ geekblue: '#7F9EF3', purple: '#AB7AE0', red: '#F37370' }),
};

/**
 * Faint texts that are content, not a disabled control (an empty table's or list's sentence). Given
 * to Spin as well: a table's and a list's body sit inside a Spin, whose CSS variables declare the
 * global tokens again, so an override on Table or List alone never reached the sentence (it stayed
 * at 0.25, 1.8:1 on white; axe found it on /dashboard-assets while its list was empty).
 */
const readableEmpty = (dark: boolean) => ({
  colorTextDisabled: dark ? 'rgba(255,255,255,0.5)' : 'rgba(0,0,0,0.56)',
});

/**
 * Antd theme per mode. Semi-dark keeps light content; only the menu goes dark (see the layout).
 * `motion: false` when the person's system asks for reduced motion (WCAG 2.3.3): dialogs, menus and
 * messages appear and go without sliding or fading.
 */
export function themeConfig(mode: ThemeMode, reducedMotion = false): ThemeConfig {
  const config = modeConfig(mode);
  return reducedMotion ? { ...config, token: { ...config.token, motion: false } } : config;
}

function modeConfig(mode: ThemeMode): ThemeConfig {
  if (mode === 'dark') {
    return {
      algorithm: antdTheme.darkAlgorithm,
      token: {
        ...shared,
        ...DARK_TEXT,
        colorPrimary: BRAND.primaryDark,
        colorBgLayout: '#0B1117',
      },
      components: {
        Layout: { headerBg: '#111A22', siderBg: '#111A22', bodyBg: '#0B1117', footerBg: 'transparent' },
        // The light teal needs dark text on top of it to stay readable.
        Button: { primaryColor: '#06201D' },
        Table: readableEmpty(true),
        List: readableEmpty(true),
        Spin: readableEmpty(true),
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
      ...LIGHT_TEXT,
      colorPrimary: BRAND.primary,
      colorBgLayout: '#F4F6F8',
    },
    components: {
      Layout: {
        headerBg: '#FFFFFF',
        siderBg: mode === 'semiDark' ? BRAND.siderDark : '#FFFFFF',
        bodyBg: '#F4F6F8',
        footerBg: 'transparent',
      },
      Table: readableEmpty(false),
      List: readableEmpty(false),
      Spin: readableEmpty(false),
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
