import { describe, expect, it } from 'vitest';
import { APP_ROUTES, type AppRoute } from './navigation.js';

const ROUTES = APP_ROUTES as readonly AppRoute[];

/** Issue #35: a detail screen's breadcrumb leads back to its list, for every detail route there is. */
describe('route table', () => {
  it('gives every detail or new-record screen a parent list that exists', () => {
    const details = ROUTES.filter((r) => /:[A-Za-z]+|\/new$/.test(r.path) && !r.bare);
    expect(details.length).toBeGreaterThan(4);
    for (const r of details) {
      const parent = ROUTES.find((p) => p.id === r.parent);
      expect(parent, `${r.id} has no parent list`).toBeDefined();
      expect(parent!.path, `${r.id}'s parent`).not.toMatch(/:/);
    }
  });
});
