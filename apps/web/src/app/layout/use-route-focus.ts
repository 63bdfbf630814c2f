import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const WAIT_MS = 3000;

/**
 * After a route change, focus goes to the new page's heading (its `h1`), as a full page load would
 * put a screen reader at the top of the new page and keyboard users one Tab from its first field;
 * otherwise focus stays on the menu link that was followed. Pages load lazily, so the heading is
 * awaited (briefly). A query-string change (filters, tabs) is no navigation. The first render is
 * left alone: the browser's own start of page is right there.
 */
export function useRouteFocus(containerId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const container = document.getElementById(containerId);
    if (!container) return;
    const focusHeading = (): boolean => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [pathname, containerId]);
}
