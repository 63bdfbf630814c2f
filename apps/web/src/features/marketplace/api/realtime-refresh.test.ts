import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { endpointKey } from '@/lib/endpoint-query';
import { connectRealtime } from '@/lib/realtime';
import { shownTopics } from '@/lib/realtime-topics';
import { endSession, startSession } from '@/lib/session';

/**
 * Each marketplace query declares its realtime refresh next to itself (issue #35): loading a query's
 * file is what puts its handler and topics in place, so these tests load only the query files.
 */
beforeAll(async () => {
  await Promise.all([
    import('./transactions'),
    import('./vouchers'),
    import('./get-overview'),
    import('./settings'),
    import('./prices'),
    import('./get-logs'),
  ]);
});

const keys = {
  transactions: endpointKey(marketplaceApi.transactions, { query: { offset: 0, max_results: 10 } }),
  transaction: endpointKey(marketplaceApi.transaction, { params: { id: 7 } }),
  vouchers: endpointKey(marketplaceApi.vouchers, { query: {} }),
  overview: endpointKey(marketplaceApi.overview, {}),
  settings: endpointKey(marketplaceApi.settings),
  prices: endpointKey(marketplaceApi.prices, { query: {} }),
};

/** A query on screen that never fetches: an observer on its key. */
function show(qc: QueryClient, queryKey: QueryKey) {
  return new QueryObserver(qc, { queryKey, queryFn: () => null, enabled: false }).subscribe(() => {});
}

describe('marketplace realtime topics', () => {
  it.each([
    ['transactions', ['transactions']],
    ['transaction', ['transactions']],
    ['vouchers', ['transactions']],
    ['overview', ['doors', 'transactions']],
    ['settings', []],
    ['prices', []],
  ] as const)('the %s query, while shown, listens to %j', (name, topics) => {
    const qc = new QueryClient();
    show(qc, keys[name]);
    expect(shownTopics(qc)).toEqual(topics);
  });
});

class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

describe('marketplace realtime refreshes', () => {
  let qc: QueryClient;
  let stop: () => void;
  const serverSends = (MsgType: string) =>
    FakeSocket.last!.onmessage?.({ data: JSON.stringify({ MsgType, Data: {} }) });
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();

  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    qc = new QueryClient();
    for (const key of Object.values(keys)) qc.setQueryData(key, {});
    startSession({
      accessToken: 'tok',
      refreshToken: '',
      expiresAt: Date.now() + 3_600_000,
      username: 'admin',
      name: 'Admin',
      userRole: 'admin',
      assignedStore: null,
      modules: ['marketplace'],
    });
    stop = connectRealtime(qc);
  });

  afterEach(() => {
    stop();
    endSession('logout');
    vi.unstubAllGlobals();
  });

  it('UpdateTransactions refreshes the transactions, their details, the vouchers and the overview', () => {
    serverSends('UpdateTransactions');
    expect(invalidated()).toEqual(['overview', 'transaction', 'transactions', 'vouchers']);
  });

  it('PlacesChanged refreshes the overview only', () => {
    serverSends('PlacesChanged');
    expect(invalidated()).toEqual(['overview']);
  });
});
