import { Alert, Button, Drawer, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_CUSTOMIZER,
  DIRECTIONS,
  LAYOUTS,
  THEMES,
  updateCustomizer,
  useCustomizer,
  type Direction,
  type LayoutMode,
  type ThemeMode,
} from '@/lib/customizer';
import { MEDIA, useMediaQuery } from '@/lib/use-media-query';

const THEME_LABEL = { light: 'themeLight', dark: 'themeDark', semiDark: 'themeSemiDark' } as const;
const LAYOUT_LABEL = { vertical: 'layoutVertical', horizontal: 'layoutHorizontal' } as const;
const DIRECTION_LABEL = { ltr: 'directionLtr', rtl: 'directionRtl' } as const;

/** Mini picture of each theme: menu colour and content colour side by side. */
function ThemeSwatch({ mode }: { mode: ThemeMode }) {
  const menu = mode === 'light' ? '#FFFFFF' : mode === 'semiDark' ? '#0E1A24' : '#111A22';
  const body = mode === 'dark' ? '#0B1117' : '#F4F6F8';
  return (
    <span className="theme-swatch" aria-hidden="true">
      <span style={{ background: menu }} />
      <span style={{ background: body }} />
    </span>
  );
}

/**
 * Theme, layout and direction; saved under the `customizer` storage key. Its own chunk (drawer and
 * radio groups): loaded the first time the gear is pressed (customizer-panel.tsx).
 */
export default function CustomizerDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const c = useCustomizer();
  const wide = useMediaQuery(MEDIA.wide);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={c.direction === 'rtl' ? 'left' : 'right'}
      title={t('customizer.title')}
      size={340}
      data-testid="customizer"
      footer={
        <Button block onClick={() => updateCustomizer(DEFAULT_CUSTOMIZER)} data-testid="customizer-reset">
          {t('customizer.reset')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('customizer.subtitle')}</Typography.Paragraph>
      <section className="customizer-section">
        <Typography.Title level={3} className="customizer-heading" id="customizer-theme">
          {t('customizer.theme')}
        </Typography.Title>
        <Radio.Group
          aria-labelledby="customizer-theme"
          value={c.theme}
          onChange={(e) => updateCustomizer({ theme: e.target.value as ThemeMode })}
          className="customizer-options"
        >
          {THEMES.map((m) => (
            <Radio.Button key={m} value={m} data-testid={`theme-${m}`}>
              <ThemeSwatch mode={m} />
              {t(`customizer.${THEME_LABEL[m]}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </section>
      <section className="customizer-section">
        <Typography.Title level={3} className="customizer-heading" id="customizer-layout">
          {t('customizer.layout')}
        </Typography.Title>
        <Radio.Group
          aria-labelledby="customizer-layout"
          value={c.layout}
          onChange={(e) => updateCustomizer({ layout: e.target.value as LayoutMode })}
          className="customizer-options"
        >
          {LAYOUTS.map((m) => (
            <Radio.Button key={m} value={m} data-testid={`layout-${m}`}>
              {t(`customizer.${LAYOUT_LABEL[m]}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
        {!wide && c.layout === 'horizontal' && (
          <Alert type="info" showIcon title={t('customizer.layoutFallback')} className="customizer-note" />
        )}
      </section>
      <section className="customizer-section">
        <Typography.Title level={3} className="customizer-heading" id="customizer-direction">
          {t('customizer.direction')}
        </Typography.Title>
        <Radio.Group
          aria-labelledby="customizer-direction"
          value={c.direction}
          onChange={(e) => updateCustomizer({ direction: e.target.value as Direction })}
          className="customizer-options"
        >
          {DIRECTIONS.map((m) => (
            <Radio.Button key={m} value={m} data-testid={`direction-${m}`}>
              {t(`customizer.${DIRECTION_LABEL[m]}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </section>
    </Drawer>
  );
}
