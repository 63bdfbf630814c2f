import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateGlobalOptionsSchema, type GlobalOptions } from '@cacifo/contract/schemas/locations';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-submit';
import { useGlobalOptions, useUpdateGlobalOptions } from '../api/global-options';
import { recheckOnChange } from '@/lib/zod-form';

type Values = GlobalOptions & { pin: string };

/** Global options (SPEC §5: changing them needs the admin PIN). */
export function GlobalOptionsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const options = useGlobalOptions(open);
  const update = useUpdateGlobalOptions();

  useEffect(() => {
    if (open && options.data) form.setFieldsValue({ ...options.data, pin: '' });
  }, [open, options.data, form]);

  // Once at a time; the outcome is the mutation's meta, a wrong PIN goes on its field.
  const { submit, pending } = useFormSubmit(form, update, {
    schema: updateGlobalOptionsSchema,
    fieldOf: { wrongPin: 'pin' },
    onSuccess: onClose,
  });

  const locked = update.error instanceof ApiError && update.error.code === 'tooManyAttempts';
  return (
    <Modal
      open={open}
      title={t('locations.options.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('locations.common.save')}
      cancelText={t('locations.common.cancel')}
      confirmLoading={pending}
      destroyOnHidden
      data-testid="global-options"
    >
      {options.isLoading ? (
        <Skeleton active />
      ) : options.isError ? (
        <Alert type="error" showIcon title={errorMessage(options.error)} />
      ) : (
        <Form
          form={form}
          onValuesChange={recheckOnChange(form)}
          layout="vertical"
          requiredMark={false}
          onFinish={() => void submit()}
        >
          <Form.Item
            name="officeReservationHours"
            label={t('locations.options.officeReservationHours')}
            extra={t('locations.options.officeReservationHelp')}
          >
            <InputNumber style={{ width: '100%' }} suffix={t('locations.options.hours')} />
          </Form.Item>
          <Form.Item
            name="doorLeftOpenMinutes"
            label={t('locations.options.doorLeftOpenMinutes')}
            extra={t('locations.options.doorLeftOpenHelp')}
          >
            <InputNumber style={{ width: '100%' }} suffix={t('locations.options.minutes')} />
          </Form.Item>
          <Form.Item
            name="kioskMessage"
            label={t('locations.options.kioskMessage')}
            extra={t('locations.options.kioskMessageHelp')}
          >
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          {locked && (
            <Alert type="warning" showIcon title={errorMessage(update.error)} style={{ marginBottom: 16 }} />
          )}
          <Form.Item name="pin" label={t('locations.options.pin')} extra={t('locations.options.pinHelp')}>
            <Input.Password
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              style={{ width: 140 }}
              data-testid="admin-pin"
            />
          </Form.Item>
          <Alert type="info" showIcon title={t('locations.options.pickupDeadlineNote')} />
          <button type="submit" hidden />
        </Form>
      )}
    </Modal>
  );
}
