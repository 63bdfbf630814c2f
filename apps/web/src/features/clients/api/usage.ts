import { useQuery } from '@tanstack/react-query';
import { can } from '@cacifo/contract/permissions';
import { clientsApi } from '@cacifo/contract/endpoints/clients';
import type { UsageQuery } from '@cacifo/contract/schemas/clients';
import { endpointQuery } from '@/lib/endpoint-query';
import { useSession } from '@/lib/session';

/** GET /api/delivery/usage: a client's month per location (its admin: its own; the operator: one named). */
export const useUsage = (query: UsageQuery, enabled: boolean) =>
  useQuery({ ...endpointQuery(clientsApi.usage, { query }), enabled });

/** The operator chooses the client; a client's admin (store role) always reads its own. */
export function useChoosesClient(): boolean {
  const session = useSession();
  return !!session && can(session.userRole, 'clients.manage', session.modules);
}
