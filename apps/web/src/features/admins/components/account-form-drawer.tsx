import { Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { role as roleCodes } from '@cacifo/contract/roles';
import { recheckOnChange } from '@/lib/zod-form';
import type { AccountScope } from '../api/accounts';
import { useAccountForm, type AccountFormTarget } from './use-account-form';

interface Props {
  scope: AccountScope;
  target: AccountFormTarget | null;
  /** Editors edit contact details only; stores never pick a company. */
  canManage: boolean;
  canPickCompany: boolean;
  onClose: () => void;
}

/** Create or edit an admin, screen user or store employee. */
export function AccountFormDrawer({ scope, target, canManage, canPickCompany, onClose }: Props) {
  const { t } = useTranslation();
  const { form, editing, kind, roles, kiosk, places, submit, pending, secretsAllowed } = useAccountForm({
    scope,
    target,
    canManage,
    canPickCompany,
    onClose,
  });
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
              options={roles.map((r) => ({ value: r, label: t(roleCodes.labelKey(r)) }))}
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
