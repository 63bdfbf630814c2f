import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashSecret, useTestWorkFactor, verifySecret } from './secrets.js';

const costOf = (hash: string) => Number(hash.split('$')[1]);

describe('secret hashing work factor', () => {
  it('is cheap inside the test runner, and its hashes verify', async () => {
    const hash = await hashSecret('segredo1');
    expect(costOf(hash)).toBe(2 ** 10);
    expect(await verifySecret('segredo1', hash)).toBe(true);
    expect(await verifySecret('segredo2', hash)).toBe(false);
  });

  it('refuses the cheap factor in a process that is not a Vitest worker', () => {
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => useTestWorkFactor()).toThrow(/test runner only/);
    } finally {
      process.env.VITEST = saved;
    }
  });

  it('hashes at N=2^15 in any other process', async () => {
    const env = { ...process.env };
    delete env.VITEST;
    delete env.NODE_ENV;
    const script = `const m = await import(${JSON.stringify(fileURLToPath(new URL('./secrets.ts', import.meta.url)))});
      try { m.useTestWorkFactor(); } catch { /* refused, as it must be */ }
      console.log(await m.hashSecret('segredo1'));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env, cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    expect(costOf(stdout.trim())).toBe(2 ** 15);
  });
});
