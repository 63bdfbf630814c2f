import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { lockerUserFieldsSchema, type LockerUser } from '@cacifo/contract/schemas/office';
import { USER_STATUS, USER_TYPE, userStatus, userType } from '@cacifo/contract/codes/office';
import { ApiError } from '@/lib/api-client';
import { bindToForm } from '@/lib/mutation-feedback';
import { useSaveUser } from '../api/save-user';
import { recheckOnChange, validateWith } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';

type FormValues = Record<string, unknown>;

const TEXT_FIELDS = [
  ['name', 12],
  ['number', 6],
  ['numberPrefix', 6],
  ['email', 12],
  ['phone_number', 6],
  ['nif', 6],
  ['login', 8],
  ['building', 8],
  ['floor', 8],
  ['project', 8],
  ['invoice', 8],
  ['country', 8],
  ['card', 8],
  ['ccms', 8],
  ['name_ccms', 8],
] as const;

/** Create (id 0 -> POST) or edit (PUT) a locker user, validated with the contract schema. */
export function UserFormModal({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: LockerUser | null;
  open: boolean;
  onClose: () => void;
  onSaved?: (u: LockerUser) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveUser();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        ...Object.fromEntries(TEXT_FIELDS.map(([f]) => [f, user[f] ?? ''])),
        obs: user.obs ?? '',
        userType: user.userType,
        status: user.status,
        validUntil: user.validUntil ? dayjs(user.validUntil) : null,
      });
    } else {
      // Empty strings, not undefined, so an untouched name says "required", not "invalid".
      form.setFieldsValue({
        ...Object.fromEntries(TEXT_FIELDS.map(([f]) => [f, ''])),
        obs: '',
        userType: USER_TYPE.EMPLOYEE,
        status: USER_STATUS.ACTIVE,
      });
    }
  }, [open, user, form]);

  const submit = async () => {
    const raw = form.getFieldsValue();
    const until = raw.validUntil as Dayjs | null | undefined;
    // The card is the one the kiosk reads (issue #33); the legacy free-text card_number is no longer
    // in the form and is sent back as it was.
    const values = {
      ...raw,
      card_number: user?.card_number ?? null,
      validUntil: until ? until.toISOString() : null,
    };
    const parsed = validateWith(form, lockerUserFieldsSchema, values, (k) => t(runtimeKey(k)));
    if (!parsed) return;
    try {
      // The checked values: the server applies the same schema, so trimming twice changes nothing.
      // Bound to the form: a refusal about a field lands on it, anything else is said once and
      // the success too, by the mutation's meta (docs/adr/0060).
      const variables = bindToForm(
        { id: user?.id ?? 0, ...parsed, ...(user ? { updatedAt: user.updatedAt } : {}) },
        { form, fieldOf: { userExists: 'number', cardAssigned: 'card' } },
      );
      const saved = await save.mutateAsync(variables);
      onSaved?.(saved);
      onClose();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  return (
    <Modal
      open={open}
      title={t(user ? 'office.users.edit' : 'office.users.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('office.common.save')}
      cancelText={t('office.common.cancel')}
      confirmLoading={save.isPending}
      width={760}
      destroyOnHidden
      okButtonProps={{ id: 'user-form-save' }}
    >
      <Form
        form={form}
        onValuesChange={recheckOnChange(form)}
        layout="vertical"
        data-testid="user-form"
        disabled={save.isPending}
      >
        <Row gutter={12}>
          {TEXT_FIELDS.map(([f, span]) => (
            <Col xs={24} md={span} key={f}>
              <Form.Item name={f} label={t(`office.fields.${f}`)} required={f === 'name'}>
                <Input data-testid={`user-${f}`} autoComplete="off" />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={8}>
            <Form.Item name="userType" label={t('office.fields.userType')}>
              <Select
                data-testid="user-userType"
                options={userType.values.map((v) => ({
                  value: v,
                  label: t(userType.labelKey(v)),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="status" label={t('office.fields.status')}>
              <Select
                options={userStatus.values.map((v) => ({
                  value: v,
                  label: t(userStatus.labelKey(v)),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="validUntil" label={t('office.fields.validUntil')}>
              <DatePicker showTime={{ format: 'HH:mm' }} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="obs" label={t('office.fields.obs')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
