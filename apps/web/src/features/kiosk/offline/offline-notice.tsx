import { useKioskText } from '../kiosk-text';
import './offline.css';

/** The banner of a kiosk working without its server: what still works, in the visitor's language. */
export function OfflineNotice() {
  const { t } = useKioskText();
  return (
    <p className="kiosk-offline" role="status" data-testid="kiosk-offline">
      {t('offline.notice')}
    </p>
  );
}
