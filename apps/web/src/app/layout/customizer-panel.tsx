import { lazy, Suspense, useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const CustomizerDrawer = lazy(() => import('./customizer-drawer'));

/** The gear that opens the customizer (theme, layout, direction); the drawer loads on first use. */
export function CustomizerPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="customizer-toggle"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-label={t('navbar.customizer')}
        data-testid="customizer-open"
      >
        <SettingOutlined spin={!open} />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <CustomizerDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
