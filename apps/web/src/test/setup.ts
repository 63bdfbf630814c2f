import { configure } from '@testing-library/react';

// findBy*/waitFor wait 1 s by default; a lazily loaded component on a busy CI machine (two cores
// shared with the server tests' databases) can take longer than that to arrive. What is asserted
// does not change, only how long the wait may be.
configure({ asyncUtilTimeout: 10_000 });

// antd's table and grid ask for media queries and element sizes, which jsdom does not have: one
// stand-in for every web test that renders them, instead of one per file.
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
