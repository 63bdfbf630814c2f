import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const CustomizerDrawer = lazy(() => import('./customizer-drawer'));

/**
 * The navbar's gear that opens the customizer (theme, layout, direction); the drawer loads on first
 * use. It sits in the navbar, not floating over the page's edge, where it hid the end of wide tables.
 */
export function CustomizerPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Tooltip title={t('navbar.customizer')}>
        <Button
          type="text"
          shape="circle"
          icon={<SettingOutlined />}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
          aria-label={t('navbar.customizer')}
          data-testid="customizer-open"
        />
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <CustomizerDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
