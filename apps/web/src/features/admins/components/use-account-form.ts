import { useEffect } from 'react';
import type { z } from 'zod';
import { Form } from 'antd';
import {
  SCREEN_ROLES,
  STAFF_ROLES,
  createAdminSchema,
  createEmployeeSchema,
  updateAdminSchema,
  updateEmployeeSchema,
  type AdminAccount,
} from '@cacifo/contract/schemas/admin';
import { useFormSubmit } from '@/lib/form-submit';
import { usePlaces } from '@/lib/queries/locations';
import { useSaveAccount, type AccountScope } from '../api/accounts';

export interface AccountFormTarget {
  account: AdminAccount | null;
  kind: 'staff' | 'screen' | 'employee';
}

interface Options {
  scope: AccountScope;
  target: AccountFormTarget | null;
  canManage: boolean;
  canPickCompany: boolean;
  onClose: () => void;
}

type Values = Record<string, string | number | boolean | null | undefined>;

function pick(values: Values, keys: string[]): Values {
  return Object.fromEntries(keys.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
}

function blankToUndefined(values: Values, keys: string[]): Values {
  const out = { ...values };
  for (const k of keys) if (out[k] === '' || out[k] === null) out[k] = undefined;
  return out;
}

/** The account drawer's controller: the form filled from the account, and what its save sends. */
export function useAccountForm({ scope, target, canManage, canPickCompany, onClose }: Options) {
  const [form] = Form.useForm<Values>();
  const editing = target?.account ?? null;
  const kind = target?.kind ?? 'staff';
  const roles = kind === 'screen' ? SCREEN_ROLES : STAFF_ROLES;
  // A kiosk (screen role) acts only at the location it is installed at: chosen here.
  const role = Form.useWatch('role', form) as string | undefined;
  const kiosk = scope === 'admins' && kind === 'screen' && role === 'screen';
  const places = usePlaces();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const a = target.account;
    form.setFieldsValue(
      a
        ? {
            name: a.name,
            email: a.email ?? '',
            phone: a.phone ?? '',
            role: a.role,
            company: a.company ?? '',
            notifiable: a.notifiable,
            kioskPlaceId: a.kioskPlace?.id ?? null,
          }
        : { role: kind === 'screen' ? 'screen' : 'admin', notifiable: false, enabled: true },
    );
  }, [target, form, kind]);

  // What is sent depends on who edits what: editors change contact details only, stores never pick
  // a company, and secrets are only sent when typed.
  const contact = ['name', 'email', 'phone', 'notifiable'];
  const secrets = ['password', 'confirmPassword', 'pin'];
  let keys: string[];
  let schema: z.ZodType;
  if (scope === 'employees') {
    keys = [...contact, ...secrets, ...(canPickCompany ? ['company'] : [])];
    schema = editing ? updateEmployeeSchema : createEmployeeSchema;
  } else {
    keys = [...contact, ...(canManage ? ['role', ...secrets, ...(kiosk ? ['kioskPlaceId'] : [])] : [])];
    schema = editing ? updateAdminSchema : createAdminSchema;
  }
  if (!editing) keys.push('username');
  const { submit, pending } = useFormSubmit(form, useSaveAccount(scope), {
    schema,
    values: (raw) => {
      const input: Record<string, unknown> = pick(blankToUndefined(raw as Values, secrets), keys);
      if (!editing && scope === 'admins') input.kind = kind;
      return input;
    },
    variables: (body) => ({ id: editing?.id ?? null, body: body as Record<string, unknown> }),
    fieldOf: { L41: 'pin', userExists: 'username' },
    version: editing && { of: editing.id, updatedAt: editing.updatedAt },
    onSuccess: onClose,
  });

  const secretsAllowed = canManage || scope === 'employees';
  return { form, editing, kind, roles, kiosk, places, submit, pending, secretsAllowed };
}
