import { useEffect } from 'react';
import { KIOSK_ACTIVITY } from '../../shared/use-kiosk-idle';

/**
 * Keeps the screen from going back to the start while the customer is busy elsewhere (approving an
 * MB WAY payment on the phone): the idle timer would otherwise drop a rental being paid.
 */
export function useKeepAwake(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ping = () => window.dispatchEvent(new Event(KIOSK_ACTIVITY));
    ping();
    const timer = setInterval(ping, 5000);
    return () => clearInterval(timer);
  }, [active]);
}
