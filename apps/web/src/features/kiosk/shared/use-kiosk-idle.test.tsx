import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_IDLE_MS, useKioskIdle } from './use-kiosk-idle';

/** Every kiosk screen goes back to the start after 30 s without a touch (#33). */
describe('useKioskIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 30 s', () => expect(KIOSK_IDLE_MS).toBe(30_000));

  it('goes back after 30 s without a touch, not before', () => {
    const onIdle = vi.fn();
    renderHook(() => useKioskIdle(onIdle));
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('a touch or a key starts the wait again', () => {
    const onIdle = vi.fn();
    renderHook(() => useKioskIdle(onIdle));
    act(() => vi.advanceTimersByTime(20_000));
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    act(() => vi.advanceTimersByTime(20_000));
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    });
    act(() => vi.advanceTimersByTime(20_000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(10_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing while inactive (the start screen)', () => {
    const onIdle = vi.fn();
    renderHook(() => useKioskIdle(onIdle, false));
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS * 2));
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('a new callback each render does not restart the wait', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ cb }) => useKioskIdle(cb), { initialProps: { cb: first } });
    act(() => vi.advanceTimersByTime(20_000));
    rerender({ cb: second });
    act(() => vi.advanceTimersByTime(10_000));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
