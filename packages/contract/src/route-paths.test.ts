import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './navigation.js';
import { pathTo } from './route-paths.js';

describe('pathTo', () => {
  it('fills the parameters and the query of a route from its APP_ROUTES path', () => {
    expect(pathTo('orderDetails', { orderId: 7 })).toBe('/orders/details/7');
    expect(pathTo('locationDetails', { id: 3 }, { locker: 12, empty: '', none: null })).toBe(
      '/locations/3?locker=12',
    );
    expect(pathTo('officeUsers', null, { q: 'Ana Sá' })).toBe('/office-users?q=Ana+S%C3%A1');
    expect(pathTo('home')).toBe('/');
  });

  it('encodes a parameter, so a value cannot add a path segment', () => {
    expect(pathTo('orderDetails', { orderId: '1/../admins' })).toBe('/orders/details/1%2F..%2Fadmins');
  });

  it('has a path for every route', () => {
    for (const route of APP_ROUTES) {
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], 1]));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every id, whatever its params
      expect((pathTo as any)(route.id, params)).toBe(route.path.replace(/:\w+/g, '1'));
    }
  });
});
