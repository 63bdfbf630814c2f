import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { adminsApi } from '@cacifo/contract/endpoints/admins';
import type {
  CreateAdminRequest,
  CreateEmployeeRequest,
  UpdateAdminRequest,
  UpdateEmployeeRequest,
} from '@cacifo/contract/schemas/admin';
import { callEndpoint } from '@/lib/api-client';
import { endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';

/** Staff and screen accounts (/admins) or store employees (/employees): same shape, own endpoints. */
export type AccountScope = 'admins' | 'employees';

/** The endpoints of each scope: the lists, forms and buttons are shared. */
const SCOPES = {
  admins: {
    list: adminsApi.list,
    create: adminsApi.create,
    update: adminsApi.update,
    setEnabled: adminsApi.setEnabled,
    remove: adminsApi.remove,
  },
  employees: {
    list: adminsApi.employees,
    create: adminsApi.createEmployee,
    update: adminsApi.updateEmployee,
    setEnabled: adminsApi.setEmployeeEnabled,
    remove: adminsApi.removeEmployee,
  },
} as const;

export type AccountListQuery = NonNullable<CallInput<typeof adminsApi.list>['query']>;

/** GET /api/admin/admins | /api/admin/employees, paged on the server. */
export function useAccounts(scope: AccountScope, query: AccountListQuery) {
  // Both scopes take the same query; the entry's own type is the admins one.
  return useQuery(
    scope === 'admins'
      ? endpointQuery(SCOPES.admins.list, { query }, { placeholderData: keepPreviousData })
      : endpointQuery(SCOPES.employees.list, { query }, { placeholderData: keepPreviousData }),
  );
}

function useInvalidate(scope: AccountScope) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(SCOPES[scope].list) });
}

/** POST (new) or PUT (edit) one account; the reply is the saved account. */
export function useSaveAccount(scope: AccountScope) {
  const invalidate = useInvalidate(scope);
  return useMutation({
    // The form built the body with the schema of the entry it goes to (account-form-drawer).
    // `updatedAt`: the account as the editor read it, sent with an edit (docs/adr/0027).
    mutationFn: ({
      id,
      body: fields,
      updatedAt,
    }: {
      id: number | null;
      body: Record<string, unknown>;
      updatedAt?: string;
    }) => {
      const body = id === null ? fields : { ...fields, updatedAt: updatedAt ?? '' };
      if (scope === 'admins') {
        return id === null
          ? callEndpoint(adminsApi.create, { body: body as CreateAdminRequest })
          : callEndpoint(adminsApi.update, { params: { id }, body: body as UpdateAdminRequest });
      }
      return id === null
        ? callEndpoint(adminsApi.createEmployee, { body: body as CreateEmployeeRequest })
        : callEndpoint(adminsApi.updateEmployee, { params: { id }, body: body as UpdateEmployeeRequest });
    },
    meta: {
      success: (_reply: unknown, v: { id: number | null }) =>
        v.id === null ? 'admins.form.created' : 'admins.form.saved',
    },
    onSuccess: invalidate,
  });
}

function enabledMessage(scope: AccountScope, enabled: boolean) {
  if (scope === 'employees')
    return enabled ? 'admins.list.employeeEnabledOk' : 'admins.list.employeeDisabledOk';
  return enabled ? 'admins.list.enabledOk' : 'admins.list.disabledOk';
}

export function useSetAccountEnabled(scope: AccountScope) {
  const invalidate = useInvalidate(scope);
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      callEndpoint(SCOPES[scope].setEnabled, { params: { id }, body: { enabled } }),
    meta: { success: (_reply: unknown, v: { enabled: boolean }) => enabledMessage(scope, v.enabled) },
    onSuccess: invalidate,
  });
}

export function useDeleteAccount(scope: AccountScope) {
  const invalidate = useInvalidate(scope);
  return useMutation({
    mutationFn: (id: number) => callEndpoint(SCOPES[scope].remove, { params: { id } }),
    meta: { success: scope === 'employees' ? 'admins.list.employeeDeleted' : 'admins.list.deleted' },
    onSuccess: invalidate,
  });
}
