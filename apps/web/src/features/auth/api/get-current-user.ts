import { useQuery } from '@tanstack/react-query';
import { authApi } from '@cacifo/contract/endpoints/auth';
import type { AccountRole, Module } from '@cacifo/contract';
import { useEffect } from 'react';
import { updateSession, useSession } from '@/lib/session';
import { endpointQuery } from '@/lib/endpoint-query';

const currentUserQueryOptions = (username: string) =>
  endpointQuery(authApi.storeUser, { params: { username } }, { staleTime: 5 * 60_000 });

/**
 * Re-reads role, store and modules from the server when the shell opens, so a role changed by an
 * admin (or a revoked token) takes effect without logging in again.
 */
export function useCurrentUserSync(): void {
  const session = useSession();
  const username = session?.username ?? '';
  const { data } = useQuery({ ...currentUserQueryOptions(username), enabled: Boolean(username) });
  useEffect(() => {
    if (!data) return;
    updateSession({
      name: data.name,
      userRole: data.role as AccountRole,
      assignedStore: data.company,
      modules: data.modules as Module[],
    });
  }, [data]);
}
