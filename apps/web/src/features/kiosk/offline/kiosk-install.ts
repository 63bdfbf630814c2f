import { useEffect, useState } from 'react';
import { rememberWallFromUrl } from './wall-address';

/**
 * Makes this page the installable, cached kiosk (ADR 0160): links its web app manifest, registers
 * the service worker built by apps/web/kiosk-pwa.ts (scope /kiosk: the back-office never comes from
 * its cache), and keeps `?wall=` for the day the server is gone. When a deploy's new worker takes
 * over, the page reloads at the start screen to run the new files.
 */
export function useKioskInstall(atStart: boolean): void {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    rememberWallFromUrl(window.location.search);
    if (!document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = '/kiosk.webmanifest';
      document.head.appendChild(link);
    }
    // Not in development (Vite serves no worker) nor in a browser without service workers.
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register('/kiosk-sw.js', { scope: '/kiosk' }).catch(() => undefined);
    }
  }, []);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    // A first install also changes the controller; only a replaced one means new files.
    const hadController = navigator.serviceWorker.controller !== null;
    const onChange = () => setUpdated(hadController);
    navigator.serviceWorker.addEventListener('controllerchange', onChange);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
  }, []);
  // Not in the middle of someone's pickup: at the start screen.
  useEffect(() => {
    if (updated && atStart) window.location.reload();
  }, [updated, atStart]);
}
