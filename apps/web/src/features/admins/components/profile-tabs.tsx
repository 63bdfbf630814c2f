import { useEffect } from 'react';
import { Button, Form, Input, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, changePinSchema, updateProfileSchema } from '@cacifo/contract/schemas/admin';
import { useFormSubmit } from '@/lib/form-submit';
import { recheckOnChange } from '@/lib/zod-form';
import { useChangePassword, useChangePin, useProfile, useUpdateProfile } from '../api/profile';

type Values = Record<string, string | boolean>;

/**
 * Own profile: details, password (checks the old one, L42) and PIN (L41 when taken). Every account
 * has it, whatever its role: in a drawer on /admins and /employees, as the /profile page elsewhere.
 */
export function ProfileTabs({ active = true }: { active?: boolean }) {
  const { t } = useTranslation();
  const profile = useProfile(active);
  const [details] = Form.useForm<Values>();
  const [pwd] = Form.useForm<Values>();
  const [pinForm] = Form.useForm<Values>();
  const saveDetails = useFormSubmit(details, useUpdateProfile(), {
    schema: updateProfileSchema,
    version: profile.data && { of: profile.data.id, updatedAt: profile.data.updatedAt },
  });
  const savePassword = useFormSubmit(pwd, useChangePassword(), {
    schema: changePasswordSchema,
    fieldOf: { L42: 'oldPassword' },
    onSuccess: () => pwd.resetFields(),
  });
  const savePin = useFormSubmit(pinForm, useChangePin(), {
    schema: changePinSchema,
    fieldOf: { L42: 'password', L41: 'pin' },
    onSuccess: () => pinForm.resetFields(),
  });

  useEffect(() => {
    const p = profile.data;
    if (active && p)
      details.setFieldsValue({
        name: p.name,
        email: p.email ?? '',
        phone: p.phone ?? '',
        notifiable: p.notifiable,
      });
  }, [active, profile.data, details]);

  return (
    <Tabs
      data-testid="profile-tabs"
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
              onFinish={() => void saveDetails.submit()}
            >
              <Form.Item name="name" label={t('admins.fields.name')}>
                <Input maxLength={100} data-testid="profile-name" />
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
              <Button
                type="primary"
                htmlType="submit"
                loading={saveDetails.pending}
                data-testid="profile-save"
              >
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
              onFinish={() => void savePassword.submit()}
            >
              <Form.Item name="oldPassword" label={t('admins.profile.oldPassword')}>
                <Input.Password autoComplete="current-password" data-testid="profile-old-password" />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('admins.profile.newPassword')}
                extra={t('validation.passwordLength')}
              >
                <Input.Password
                  maxLength={32}
                  autoComplete="new-password"
                  data-testid="profile-new-password"
                />
              </Form.Item>
              <Form.Item name="confirmPassword" label={t('admins.fields.confirmPassword')}>
                <Input.Password
                  maxLength={32}
                  autoComplete="new-password"
                  data-testid="profile-confirm-password"
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                loading={savePassword.pending}
                data-testid="profile-change-password"
              >
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
              onFinish={() => void savePin.submit()}
            >
              <Form.Item name="pin" label={t('admins.profile.newPin')} extra={t('admins.form.pinHelp')}>
                <Input.Password inputMode="numeric" maxLength={4} autoComplete="off" style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="password" label={t('admins.profile.currentPassword')}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={savePin.pending}>
                {t('admins.profile.changePin')}
              </Button>
            </Form>
          ),
        },
      ]}
    />
  );
}
