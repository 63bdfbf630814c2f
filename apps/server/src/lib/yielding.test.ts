import { describe, expect, it } from 'vitest';
import { forEachYielding } from './yielding.js';

describe('forEachYielding', () => {
  it('lets a waiting callback run between items, which a loop of resolved awaits never does', async () => {
    const seen: string[] = [];
    // Work that answers at once, as a SQLite query does through Kysely.
    const work = (i: number) => Promise.resolve().then(() => void seen.push(`item ${i}`));
    setImmediate(() => seen.push('waiting request'));
    for (const i of [1, 2, 3]) await work(i);
    expect(seen).toEqual(['item 1', 'item 2', 'item 3']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['item 1', 'item 2', 'item 3', 'waiting request']);

    seen.length = 0;
    setImmediate(() => seen.push('waiting request'));
    await forEachYielding([1, 2, 3], work);
    expect(seen).toEqual(['item 1', 'waiting request', 'item 2', 'item 3']);
  });

  it('runs every item in order, and stops at the first failure', async () => {
    const seen: number[] = [];
    await expect(
      forEachYielding([1, 2, 3], async (i) => {
        if (i === 2) throw new Error('refused');
        seen.push(i);
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([1]);
  });
});
