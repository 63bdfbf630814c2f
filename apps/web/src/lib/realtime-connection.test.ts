import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { connectRealtime, onRealtimeMessage, realtimeStore } from './realtime';
import { locationKeys, lockersByPlaceQueryOptions, type LockersByPlaceReply } from './queries/locations';
import { endSession, getSession, sessionStore, startSession, updateSession } from './session';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  // Test helpers: what the server would do.
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function signIn(token = 'tok-1') {
  startSession({
    accessToken: token,
    refreshToken: '',
    expiresAt: Date.now() + 3_600_000,
    username: 'admin',
    name: 'Admin',
    userRole: 'admin',
    assignedStore: null,
    modules: ['office', 'delivery', 'assets', 'marketplace'],
  });
}

describe('connectRealtime', () => {
  let qc: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    qc = new QueryClient();
    signIn();
    stop = connectRealtime(qc);
  });

  afterEach(() => {
    stop();
    endSession('logout');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the token as the first message, never in the URL, then goes live', () => {
    expect(last().url).toMatch(/\/ws\/location-status$/);
    expect(last().url).not.toContain('tok-1');
    last().serverOpens();
    expect(JSON.parse(last().sent[0]!)).toEqual({ token: 'tok-1' });
    last().serverSends({ MsgType: 'Authenticated', Data: { username: 'admin' } });
    expect(realtimeStore.get().status).toBe('live');
  });

  it('patches the cached grid on LockerUpdate and runs the handlers features registered', () => {
    const locker = { id: 5, placeId: 1, doorNumber: 5, status: 0, doorStatus: 2, enabled: 1 } as LockerView;
    qc.setQueryData(locationKeys.lockers(1), { Place: { id: 1 }, Lockers: [locker] } as LockersByPlaceReply);
    const seen: number[] = [];
    const off = onRealtimeMessage('UpdateCapacity', (d) => seen.push(d.placeId));
    last().serverOpens();
    last().serverSends({
      MsgType: 'LockerUpdate',
      Data: { placeId: 1, lockerId: 5, doorNumber: 5, status: 0, doorStatus: 0, enabled: 1 },
    });
    last().serverSends({ MsgType: 'UpdateCapacity', Data: { placeId: 1 } });
    off();
    expect(qc.getQueryData<LockersByPlaceReply>(locationKeys.lockers(1))!.Lockers[0]!.doorStatus).toBe(0);
    expect(seen).toEqual([1]);
  });

  it('refetches what is on screen after a reconnection, not after a repeated confirmation', () => {
    const spy = vi.spyOn(qc, 'invalidateQueries');
    last().serverOpens();
    last().serverSends({ MsgType: 'Authenticated', Data: {} });
    last().serverSends({ MsgType: 'Authenticated', Data: {} });
    expect(spy).not.toHaveBeenCalled();
    last().serverCloses(1006);
    vi.advanceTimersByTime(1_000);
    last().serverOpens();
    last().serverSends({ MsgType: 'Authenticated', Data: {} });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('reconnects with backoff after a dropped connection', () => {
    last().serverOpens();
    last().serverCloses(1006);
    expect(realtimeStore.get().status).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    // The second attempt waits between 1 and 2 s (jitter): not yet at 999 ms, surely by 2 s.
    last().serverCloses(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1_001);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('subscribes to the topics of the queries on screen, again on each socket, and follows them', () => {
    const show = (placeId: number) =>
      new QueryObserver(qc, { ...lockersByPlaceQueryOptions(placeId), enabled: false }).subscribe(() => {});
    const subscriptions = (socket: FakeSocket) =>
      socket.sent.map((t) => JSON.parse(t) as { subscribe?: string[] }).filter((m) => m.subscribe);
    const hideOne = show(1);
    last().serverOpens();
    expect(subscriptions(last())).toEqual([{ subscribe: ['place:1'] }]);
    show(12);
    vi.advanceTimersByTime(100);
    hideOne();
    vi.advanceTimersByTime(100);
    expect(subscriptions(last()).map((m) => m.subscribe)).toEqual([
      ['place:1'],
      ['place:1', 'place:12'],
      ['place:12'],
    ]);
    // A new socket starts with no topics: the client names them again.
    last().serverCloses(1006);
    vi.advanceTimersByTime(1_000);
    last().serverOpens();
    expect(subscriptions(last())).toEqual([{ subscribe: ['place:12'] }]);
  });

  it('hands a refreshed token to the open socket', () => {
    last().serverOpens();
    updateSession({ accessToken: 'tok-2' });
    expect(JSON.parse(last().sent.at(-1)!)).toEqual({ token: 'tok-2' });
  });

  it('ends the session when the server closes with 4401 and the token cannot be refreshed', async () => {
    last().serverOpens();
    last().serverCloses(4401);
    await vi.waitFor(() => expect(getSession()).toBeNull());
    expect(sessionStore.get().endReason).toBe('expired');
  });
});
