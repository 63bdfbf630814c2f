import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { ApiError, api, callEndpoint, errorMessage, refreshSession } from './api-client';
import { i18n, initI18n } from './i18n';
import { getSession, sessionStore, startSession, type AuthSession } from './session';

const session: AuthSession = {
  accessToken: 'token-1',
  refreshToken: 'refresh-1',
  expiresAt: Date.now() + 3_600_000,
  username: 'admin',
  name: 'Administrador',
  userRole: 'admin',
  assignedStore: null,
  modules: ['office', 'delivery', 'assets', 'marketplace'],
};

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  startSession({ ...session, expiresAt: Date.now() + 3_600_000 });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('returns Data of a ResultCode 1 reply and sends the Bearer token', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { ResultCode: 1, Data: { ok: true }, Description: '' }));
    await expect(api.get('/api/thing', { query: { ids: [1, 2], skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/thing?ids=1%2C2');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('sends the Idempotency-Key it is given, and none otherwise', async () => {
    const ok = { ResultCode: 1, Data: {}, Description: '' };
    fetchMock.mockResolvedValueOnce(reply(200, ok)).mockResolvedValueOnce(reply(200, ok));
    const body = { packageId: 'SGPT1', recipientPhone: '912345678' };
    await callEndpoint(ordersApi.create, { body }, { idempotencyKey: 'k-1' });
    await callEndpoint(ordersApi.create, { body });
    const headers = fetchMock.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0]!['Idempotency-Key']).toBe('k-1');
    expect(headers[1]!['Idempotency-Key']).toBeUndefined();
  });

  it('treats anything but ResultCode 1 as failure, even with HTTP 200', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { ResultCode: 0, Data: null, Description: 'orderNotExist' }));
    const error = await api.get('/api/delivery/order').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('orderNotExist');
  });

  it('translates Description codes through errors.<code>', async () => {
    await i18n.changeLanguage('pt');
    fetchMock.mockResolvedValueOnce(reply(409, { ResultCode: 0, Data: null, Description: 'L41' }));
    const error = await api.post('/api/x', {}).catch((e: unknown) => e);
    expect(errorMessage(error)).toBe(i18n.t('errors.L41'));
    expect(errorMessage(new Error('boom'))).toBe(i18n.t('errors.internalError'));
  });

  it('ends the session as expired on 401', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { ResultCode: 0, Data: null, Description: 'sessionExpired' }));
    const error = await api.get('/api/search/bookmarks/data').catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('sessionExpired');
    expect(getSession()).toBeNull();
    expect(sessionStore.get().endReason).toBe('expired');
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('does not treat a 401 of a public call as a lost session', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { ResultCode: 0, Data: null, Description: 'invalidClient' }));
    await api.get('/api/health', { auth: false }).catch(() => undefined);
    expect(getSession()).not.toBeNull();
  });

  it('refreshes a token about to expire before the call', async () => {
    startSession({ ...session, expiresAt: Date.now() + 1_000 });
    fetchMock
      .mockResolvedValueOnce(
        reply(200, {
          ResultCode: 1,
          Data: {
            access_token: 'token-2',
            refresh_token: 'refresh-2',
            expires_in: 3600,
            token_type: 'bearer',
          },
          Description: '',
        }),
      )
      .mockResolvedValueOnce(reply(200, { ResultCode: 1, Data: 1, Description: '' }));
    await api.get('/api/thing');
    expect(fetchMock.mock.calls[0]![0]).toBe('/oauth/v2/token');
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(sent).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'cacifo-web',
    });
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer token-2',
    );
    expect(getSession()?.refreshToken).toBe('refresh-2');
  });

  it('a refused refresh ends the session', async () => {
    fetchMock.mockResolvedValueOnce(reply(400, { ResultCode: 0, Data: null, Description: 'invalidRequest' }));
    await refreshSession();
    expect(getSession()).toBeNull();
  });
});
