import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints/index.js';
import { endpointErrors } from './endpoint.js';
import { UNVERSIONED_UPDATES } from './versioning.js';

const updates = allEndpoints().filter((e) => e.method === 'PUT' || e.method === 'PATCH');

describe('lost updates in the contract (docs/adr/0027)', () => {
  it('every PUT/PATCH is versioned or says why not', () => {
    const neither = updates.filter((e) => !e.versioned && !(e.id in UNVERSIONED_UPDATES)).map((e) => e.id);
    const both = updates.filter((e) => e.versioned && e.id in UNVERSIONED_UPDATES).map((e) => e.id);
    expect(neither).toEqual([]);
    expect(both).toEqual([]);
    const ids = new Set(updates.map((e) => e.id));
    expect(Object.keys(UNVERSIONED_UPDATES).filter((id) => !ids.has(id))).toEqual([]);
    expect(updates.filter((e) => e.versioned).length).toBeGreaterThanOrEqual(16);
  });

  it('a versioned body requires the updatedAt the editor read, and the entry lists staleVersion', () => {
    for (const e of updates.filter((u) => u.versioned)) {
      expect(e.body, e.id).toBeDefined();
      const r = e.body!.safeParse({ id: 1 });
      expect(r.success, e.id).toBe(false);
      const paths = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
      expect(paths, e.id).toContain('updatedAt');
      expect(endpointErrors(e), e.id).toContain('staleVersion');
    }
  });
});
