import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { BarcodeOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { useFeatures } from '@/lib/health';
import { useSession } from '@/lib/session';
import { scanKindsFor, type ScanKind } from '../lib/scan-kinds';

// The camera, Quagga2 and jsQR load only when someone opens the scanner.
const ScannerSession = lazy(() => import('./scanner-session'));

/**
 * Navbar scanner icons (SPEC §2, §6): one per kind the SCANNER flag turns on, for the roles that
 * may look orders up and deposit them.
 */
export function ScannerButton() {
  const { t } = useTranslation();
  const session = useSession();
  const features = useFeatures();
  const [open, setOpen] = useState<ScanKind | null>(null);
  const close = useCallback(() => setOpen(null), []);
  if (
    !session ||
    !can(session.userRole, 'orders.search', session.modules) ||
    !can(session.userRole, 'orders.deposit', session.modules)
  )
    return null;
  const kinds = scanKindsFor(features.scanner);
  if (kinds.length === 0) return null;

  return (
    <>
      {kinds.map((kind) => (
        <Tooltip key={kind} title={t(`scanner.open.${kind}`)}>
          <Button
            type="text"
            shape="circle"
            icon={kind === 'barcode' ? <BarcodeOutlined /> : <QrcodeOutlined />}
            aria-label={t(`scanner.open.${kind}`)}
            onClick={() => setOpen(kind)}
            data-testid={`scanner-open-${kind}`}
          />
        </Tooltip>
      ))}
      {open && (
        <Suspense fallback={null}>
          <ScannerSession kind={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
