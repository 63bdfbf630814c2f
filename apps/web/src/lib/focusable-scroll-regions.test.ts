import { afterEach, describe, expect, it } from 'vitest';
import { keepTableScrollRegionsFocusable } from './focusable-scroll-regions';

describe('table scroll regions reachable by keyboard', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  it('marks regions present at start and regions added later, and leaves other elements alone', async () => {
    document.body.innerHTML = '<div class="ant-table-content" id="first"></div><div id="other"></div>';
    stop = keepTableScrollRegionsFocusable();
    expect(document.getElementById('first')!.getAttribute('tabindex')).toBe('0');

    const card = document.createElement('div');
    card.innerHTML = '<div class="ant-table-wrapper"><div class="ant-table-body" id="later"></div></div>';
    document.body.append(card);
    await Promise.resolve();
    expect(document.getElementById('later')!.getAttribute('tabindex')).toBe('0');
    expect(document.getElementById('other')!.hasAttribute('tabindex')).toBe(false);
  });

  it('keeps a tabindex a table set itself', () => {
    document.body.innerHTML = '<div class="ant-table-content" id="own" tabindex="-1"></div>';
    stop = keepTableScrollRegionsFocusable();
    expect(document.getElementById('own')!.getAttribute('tabindex')).toBe('-1');
  });
});
