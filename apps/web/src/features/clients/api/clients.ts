import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminLogsApi } from '@cacifo/contract/endpoints/admin-logs';
import { clientsApi } from '@cacifo/contract/endpoints/clients';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type {
  ClientGrantsRequest,
  CreateClientRequest,
  RecipientLookup,
  UpdateClientRequest,
} from '@cacifo/contract/schemas/clients';
import { callEndpoint } from '@/lib/api-client';
import { areaKey, endpointQuery } from '@/lib/endpoint-query';
import type { MutationFeedback } from '@/lib/mutation-feedback';

/** GET /api/admin/clients: every client (a few hundred at most), with its granted locations. */
export const useClients = (enabled = true) => useQuery({ ...endpointQuery(clientsApi.list), enabled });

/** The delivery locations a client may be granted (names for the grants' choices). */
export const useGrantChoices = (enabled: boolean) =>
  useQuery({ ...endpointQuery(ordersApi.deliveryPlaces), enabled, staleTime: 60_000 });

/** Every client change refreshes the clients and the admin log (each writes a log row). */
function useClientMutation<T, R>(fn: (input: T) => Promise<R>, meta: MutationFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(clientsApi.list) });
      void queryClient.invalidateQueries({ queryKey: areaKey(adminLogsApi.list) });
    },
  });
}

/** POST /api/admin/clients. */
export const useCreateClient = () =>
  useClientMutation((body: CreateClientRequest) => callEndpoint(clientsApi.create, { body }), {
    success: 'clients.savedOk',
  });

/** PATCH /api/admin/clients/{id}: rename (orders, keys and accounts follow), disable, retention. */
export const useUpdateClient = () =>
  useClientMutation(
    ({ id, body }: { id: number; body: UpdateClientRequest }) =>
      callEndpoint(clientsApi.update, { params: { id }, body }),
    { success: 'clients.savedOk' },
  );

/** PUT /api/admin/clients/{id}/grants: the whole set of granted locations. */
export const useSetGrants = () =>
  useClientMutation(
    ({ id, body }: { id: number; body: ClientGrantsRequest }) =>
      callEndpoint(clientsApi.setGrants, { params: { id }, body }),
    { success: 'clients.grantsSavedOk' },
  );

/** POST /api/admin/recipient-data: everything kept of one recipient (admin-logged on the server). */
export const useRecipientData = () =>
  useClientMutation((body: RecipientLookup) => callEndpoint(clientsApi.recipientData, { body }));

/** POST /api/admin/recipient-data/erase: blanks one recipient's name, phone and e-mail everywhere. */
export const useEraseRecipientData = () =>
  useClientMutation((body: RecipientLookup) => callEndpoint(clientsApi.eraseRecipientData, { body }), {
    success: 'clients.recipient.erasedOk',
  });
