import type { ReactNode } from 'react';
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskScreen } from '@cacifo/contract/schemas/kiosk';
import { ApiError } from '@/lib/api-client';
import { useKioskPlace } from './kiosk-place';
import { setKioskOffline } from './offline-state';

const place: KioskScreen = {
  placeId: 7,
  placeName: 'Entregas Saldanha',
  placeType: 'DELIVERY',
  tasks: ['pickup', 'deposit', 'assets'],
  message: '',
};
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const screen = (r: { data?: KioskScreen; error?: unknown }) =>
  ({ data: r.data, error: r.error ?? null, dataUpdatedAt: r.data ? 1 : 0 }) as UseQueryResult<KioskScreen>;

/** The kiosk's place online, and opened from the cache with the server gone (ADR 0160). */
describe('useKioskPlace', () => {
  afterEach(() => {
    cleanup();
    setKioskOffline(false);
    localStorage.clear();
  });

  it('online: the server’s place, kept for a day without it', () => {
    const online = screen({ data: place });
    const { result } = renderHook(() => useKioskPlace(online), { wrapper });
    expect(result.current).toEqual({ place, offline: false });
    expect(JSON.parse(localStorage.getItem('kiosk.place')!)).toEqual(place);
  });

  it('server gone: offline, with the place kept and only the tasks the wall does alone', () => {
    localStorage.setItem('kiosk.place', JSON.stringify(place));
    const gone = screen({ error: new ApiError('internalError', 0) });
    const { result } = renderHook(() => useKioskPlace(gone), { wrapper });
    expect(result.current.offline).toBe(true);
    expect(result.current.place).toEqual({ ...place, tasks: ['pickup', 'deposit'] });
  });

  it("server gone at an office wall: 'open my locker' stays (the wall opens it), taking assets goes", () => {
    const office: KioskScreen = {
      ...place,
      placeType: 'OFFICE',
      tasks: ['openLocker', 'assets', 'returnAsset'],
    };
    localStorage.setItem('kiosk.place', JSON.stringify(office));
    const gone = screen({ error: new ApiError('internalError', 0) });
    const { result } = renderHook(() => useKioskPlace(gone), { wrapper });
    expect(result.current.place?.tasks).toEqual(['openLocker']);
  });

  it('a refusal of the server is not offline: no place, the error is said', () => {
    localStorage.setItem('kiosk.place', JSON.stringify(place));
    const refused = screen({ error: new ApiError('kioskNotBound', 403) });
    const { result } = renderHook(() => useKioskPlace(refused), { wrapper });
    expect(result.current).toEqual({ place: undefined, offline: false });
  });
});
