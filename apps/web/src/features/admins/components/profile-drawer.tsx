import { useEffect } from 'react';
import { App, Button, Drawer, Form, Input, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, changePinSchema, updateProfileSchema } from '@cacifo/contract/schemas/admin';
import { ApiError, errorMessage } from '@/lib/api-client';
import { updateSession } from '@/lib/session';
import { useChangePassword, useChangePin, useProfile, useUpdateProfile } from '../api/profile';
import { recheckOnChange, showServerErrors, validateWith } from '@/lib/zod-form';

type Values = Record<string, string | boolean>;

/** Own profile from the user menu: details, password (checks the old one, L42) and PIN. */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const profile = useProfile(open);
  const update = useUpdateProfile();
  const password = useChangePassword();
  const pin = useChangePin();
  const [details] = Form.useForm<Values>();
  const [pwd] = Form.useForm<Values>();
  const [pinForm] = Form.useForm<Values>();
  const tr = (k: string) => t(k as 'validation.required');

  useEffect(() => {
    const p = profile.data;
    if (open && p)
      details.setFieldsValue({
        name: p.name,
        email: p.email ?? '',
        phone: p.phone ?? '',
        notifiable: p.notifiable,
      });
  }, [open, profile.data, details]);

  const fail = (form: typeof details, e: unknown, fieldOf: Record<string, string>) => {
    const shown = e instanceof ApiError && showServerErrors(form, e, tr, fieldOf);
    if (!shown) void message.error(errorMessage(e));
  };

  const saveDetails = async () => {
    const body = validateWith(details, updateProfileSchema, details.getFieldsValue(true), tr);
    if (!body) return;
    try {
      const saved = await update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0]);
      updateSession({ name: saved.name });
      void message.success(t('admins.profile.saved'));
    } catch (e) {
      fail(details, e, {});
    }
  };

  const savePassword = async () => {
    const body = validateWith(pwd, changePasswordSchema, pwd.getFieldsValue(true), tr);
    if (!body) return;
    try {
      await password.mutateAsync(body);
      pwd.resetFields();
      void message.success(t('admins.profile.passwordChanged'));
    } catch (e) {
      fail(pwd, e, { L42: 'oldPassword' });
    }
  };

  const savePin = async () => {
    const body = validateWith(pinForm, changePinSchema, pinForm.getFieldsValue(true), tr);
    if (!body) return;
    try {
      await pin.mutateAsync(body);
      pinForm.resetFields();
      void message.success(t('admins.profile.pinChanged'));
    } catch (e) {
      fail(pinForm, e, { L42: 'password', L41: 'pin' });
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('admins.profile.title')}
      size={460}
      data-testid="profile-drawer"
    >
      <Tabs
        items={[
          {
            key: 'details',
            label: t('admins.profile.details'),
            children: (
              <Form
                form={details}
                onValuesChange={recheckOnChange(details)}
                layout="vertical"
                requiredMark={false}
                onFinish={() => void saveDetails()}
              >
                <Form.Item name="name" label={t('admins.fields.name')}>
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name="email" label={t('admins.fields.email')}>
                  <Input type="email" />
                </Form.Item>
                <Form.Item name="phone" label={t('admins.fields.phone')}>
                  <Input inputMode="numeric" maxLength={9} />
                </Form.Item>
                <Form.Item name="notifiable" label={t('admins.fields.notifiable')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={update.isPending}>
                  {t('admins.common.save')}
                </Button>
              </Form>
            ),
          },
          {
            key: 'password',
            label: t('admins.profile.password'),
            children: (
              <Form
                form={pwd}
                onValuesChange={recheckOnChange(pwd)}
                layout="vertical"
                requiredMark={false}
                onFinish={() => void savePassword()}
              >
                <Form.Item name="oldPassword" label={t('admins.profile.oldPassword')}>
                  <Input.Password autoComplete="current-password" data-testid="profile-old-password" />
                </Form.Item>
                <Form.Item
                  name="password"
                  label={t('admins.profile.newPassword')}
                  extra={t('validation.passwordLength')}
                >
                  <Input.Password maxLength={32} autoComplete="new-password" />
                </Form.Item>
                <Form.Item name="confirmPassword" label={t('admins.fields.confirmPassword')}>
                  <Input.Password maxLength={32} autoComplete="new-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={password.isPending}>
                  {t('admins.profile.changePassword')}
                </Button>
              </Form>
            ),
          },
          {
            key: 'pin',
            label: t('admins.fields.pin'),
            children: (
              <Form
                form={pinForm}
                onValuesChange={recheckOnChange(pinForm)}
                layout="vertical"
                requiredMark={false}
                onFinish={() => void savePin()}
              >
                <Form.Item name="pin" label={t('admins.profile.newPin')} extra={t('admins.form.pinHelp')}>
                  <Input.Password
                    inputMode="numeric"
                    maxLength={4}
                    autoComplete="off"
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item name="password" label={t('admins.profile.currentPassword')}>
                  <Input.Password autoComplete="current-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={pin.isPending}>
                  {t('admins.profile.changePin')}
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
