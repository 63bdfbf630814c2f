import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, apiRequest } from './helpers/test-app.js';

describe('SCANNER_VERSION setting', () => {
  it('defaults to the second scanner version', () => {
    expect(loadConfig({}, '/srv').features.scannerVersion).toBe(2);
  });
  it('accepts 1 and 2 and refuses anything else, naming the variable', () => {
    expect(loadConfig({ SCANNER_VERSION: '1' }, '/srv').features.scannerVersion).toBe(1);
    expect(loadConfig({ SCANNER_VERSION: '2' }, '/srv').features.scannerVersion).toBe(2);
    expect(() => loadConfig({ SCANNER_VERSION: '3' })).toThrow(ConfigError);
    expect(() => loadConfig({ SCANNER_VERSION: 'two' })).toThrow(/SCANNER_VERSION: must be 1 or 2/);
  });
});

describeEachDb('health features: scanner (default deployment)', (ctx) => {
  it('exposes the scanner mode and version 2', async () => {
    const { token } = await signIn(ctx.app, 'courier');
    const r = await ctx.app.inject({
      ...apiRequest(API.shell.health, {}),
      headers: { authorization: `Bearer ${token}` },
    });
    const features = (r.json() as { Data: { features: Record<string, unknown> } }).Data.features;
    expect(features.scanner).toBe('both');
    expect(features.scannerVersion).toBe(2);
  });
});

describeEachDb(
  'health features: scanner (version 1, barcode only)',
  (ctx) => {
    it('exposes what the deployment chose', async () => {
      const { token } = await signIn(ctx.app, 'courier');
      const r = await ctx.app.inject({
        ...apiRequest(API.shell.health, {}),
        headers: { authorization: `Bearer ${token}` },
      });
      const features = (r.json() as { Data: { features: Record<string, unknown> } }).Data.features;
      expect(features.scanner).toBe('barcode');
      expect(features.scannerVersion).toBe(1);
    });
  },
  { env: { SCANNER: 'barcode', SCANNER_VERSION: '1' } },
);
