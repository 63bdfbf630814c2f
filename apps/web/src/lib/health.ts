import { useQuery } from '@tanstack/react-query';
import type { Health } from '@cacifo/contract';
import { shellApi } from '@cacifo/contract/endpoints/shell';
import { ApiError, callEndpoint } from './api-client';
import { endpointQuery } from './endpoint-query';
import { getSession } from './session';

type ScannerMode = 'none' | 'barcode' | 'qrcode' | 'both';

export interface Features {
  scanner: ScannerMode;
  monitoringLink: boolean;
  assetWarnings: boolean;
  recaptchaSiteKey: string;
}

const SCANNER_MODES: readonly ScannerMode[] = ['none', 'barcode', 'qrcode', 'both'];

/** Health features are a loose record on the wire; read them defensively with safe defaults. */
function featuresOf(health: Health | undefined): Features {
  const f = health?.features ?? {};
  return {
    scanner: SCANNER_MODES.includes(f.scanner as ScannerMode) ? (f.scanner as ScannerMode) : 'none',
    monitoringLink: f.monitoringLink === true,
    assetWarnings: f.assetWarnings === true,
    recaptchaSiteKey: typeof f.recaptchaSiteKey === 'string' ? f.recaptchaSiteKey : '',
  };
}

/**
 * GET /api/health: public; used by the login page (reCAPTCHA key) and the shell (footer, flags). A
 * visitor gets the bare status, as a failure (`degraded`) when the instance is not well: its Data is
 * still the answer, so the login page keeps its reCAPTCHA key while a controller is offline.
 */
export const healthQueryOptions = {
  ...endpointQuery(shellApi.health, {}, { staleTime: 5 * 60_000 }),
  queryFn: ({ signal }: { signal?: AbortSignal }) => {
    // Public, so the typed client sends no token by itself; signed in, the details (features,
    // footer) come only with it (issue #20). A stale token just reads as a visitor.
    const token = getSession()?.accessToken;
    return callEndpoint(shellApi.health, {}, { signal, ...(token ? { token } : {}) }).catch(
      (err: unknown) => {
        if (err instanceof ApiError && err.code === 'degraded' && err.data) return err.data as Health;
        throw err;
      },
    );
  },
};

export function useHealth() {
  return useQuery(healthQueryOptions);
}

export function useFeatures(): Features & { loaded: boolean } {
  const { data, isSuccess, isError } = useHealth();
  return { ...featuresOf(data), loaded: isSuccess || isError };
}
