import { useEffect } from 'react';
import type { z } from 'zod';
import { Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { role as roleCodes } from '@cacifo/contract/roles';
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
import { recheckOnChange } from '@/lib/zod-form';
import { useSaveAccount, type AccountScope } from '../api/accounts';

export interface AccountFormTarget {
  account: AdminAccount | null;
  kind: 'staff' | 'screen' | 'employee';
}

interface Props {
  scope: AccountScope;
  target: AccountFormTarget | null;
  /** Editors edit contact details only; stores never pick a company. */
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

/** Create or edit an admin, screen user or store employee. */
export function AccountFormDrawer({ scope, target, canManage, canPickCompany, onClose }: Props) {
  const { t } = useTranslation();
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
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={t(editing ? 'admins.form.editTitle' : `admins.form.newTitle.${kind}`)}
      size={480}
      destroyOnHidden
      data-testid="account-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('admins.common.cancel')}</Button>
          <Button type="primary" loading={pending} onClick={() => void submit()} data-testid="account-save">
            {t('admins.common.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        onValuesChange={recheckOnChange(form)}
        layout="vertical"
        requiredMark={false}
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label={t('admins.fields.name')}>
          <Input maxLength={100} data-testid="account-name" />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="username"
            label={t('admins.fields.username')}
            extra={t('admins.form.usernameHelp')}
          >
            <Input maxLength={50} autoComplete="off" data-testid="account-username" />
          </Form.Item>
        )}
        <Form.Item name="email" label={t('admins.fields.email')}>
          <Input type="email" maxLength={200} />
        </Form.Item>
        <Form.Item name="phone" label={t('admins.fields.phone')}>
          <Input inputMode="numeric" maxLength={9} />
        </Form.Item>
        {scope === 'admins' && (
          <Form.Item name="role" label={t('admins.fields.role')}>
            <Select
              disabled={!canManage}
              data-testid="account-role"
              options={roles.map((r) => ({ value: r, label: t(roleCodes.labelKey(r) as 'role.ADMIN') }))}
            />
          </Form.Item>
        )}
        {kiosk && (
          <Form.Item
            name="kioskPlaceId"
            label={t('admins.fields.kioskPlace')}
            extra={t('admins.form.kioskPlaceHelp')}
          >
            <Select
              allowClear
              disabled={!canManage}
              loading={places.isPending}
              placeholder={t('admins.form.kioskPlaceNone')}
              data-testid="account-kiosk-place"
              options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        )}
        {scope === 'employees' && canPickCompany && (
          <Form.Item name="company" label={t('admins.fields.company')}>
            <Input maxLength={100} data-testid="account-company" />
          </Form.Item>
        )}
        {secretsAllowed && (
          <>
            <Form.Item
              name="password"
              label={t('admins.fields.password')}
              extra={editing ? t('admins.form.keepPassword') : t('validation.passwordLength')}
            >
              <Input.Password maxLength={32} autoComplete="new-password" data-testid="account-password" />
            </Form.Item>
            <Form.Item name="confirmPassword" label={t('admins.fields.confirmPassword')}>
              <Input.Password maxLength={32} autoComplete="new-password" data-testid="account-confirm" />
            </Form.Item>
            <Form.Item name="pin" label={t('admins.fields.pin')} extra={t('admins.form.pinHelp')}>
              <Input.Password
                inputMode="numeric"
                maxLength={4}
                autoComplete="off"
                style={{ width: 140 }}
                data-testid="account-pin"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="notifiable" label={t('admins.fields.notifiable')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Drawer>
  );
}
