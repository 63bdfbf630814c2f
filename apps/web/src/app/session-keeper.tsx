import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REFRESH_MARGIN_MS, refreshSession } from '@/lib/api-client';
import { healthQueryOptions } from '@/lib/health';
import { useSession } from '@/lib/session';

/**
 * Keeps the session alive (refresh a minute before expiry) and drops every cached server answer when
 * it ends; when one starts, the health check is asked again (details are for signed-in users). The
 * login page itself says why it ended (expired, logged out, not allowed).
 */
export function SessionKeeper() {
  const queryClient = useQueryClient();
  const session = useSession();
  const hadSession = useRef(session !== null);

  const expiresAt = session?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const delay = Math.max(5_000, expiresAt - Date.now() - REFRESH_MARGIN_MS);
    const timer = window.setTimeout(() => void refreshSession(), Math.min(delay, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  useEffect(() => {
    if (session) {
      // A visitor's health answer is the bare status: signed in, the footer needs the details.
      if (!hadSession.current) void queryClient.invalidateQueries({ queryKey: healthQueryOptions.queryKey });
      hadSession.current = true;
      return;
    }
    if (!hadSession.current) return;
    hadSession.current = false;
    queryClient.clear();
  }, [session, queryClient]);

  return null;
}
