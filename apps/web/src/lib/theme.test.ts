import { describe, expect, it } from 'vitest';
import { themeConfig } from './theme';

describe('themeConfig', () => {
  it('turns antd motion off only when the system asks for reduced motion, in every mode', () => {
    for (const mode of ['light', 'dark', 'semiDark'] as const) {
      expect(themeConfig(mode).token?.motion).toBeUndefined();
      const reduced = themeConfig(mode, true);
      expect(reduced.token?.motion).toBe(false);
      // The rest of the look stays the mode's own.
      expect(reduced.token?.colorPrimary).toBe(themeConfig(mode).token?.colorPrimary);
      expect(reduced.components).toEqual(themeConfig(mode).components);
    }
  });
});
