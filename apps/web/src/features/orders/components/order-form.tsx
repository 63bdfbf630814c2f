import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, type ContentLanguage } from '@cacifo/contract/codes/content';
import {
  ORDER_RECIPIENT_NAME,
  orderInputSchema,
  type Order,
  type OrderInput,
} from '@cacifo/contract/schemas/orders';
import { ApiError } from '@/lib/api-client';
import { ownFailureText } from '@/lib/mutation-feedback';
import { newIdempotencyKey, useSaveOrder, useSingleFlight } from '../api/order-actions';
import { recheckOnChange, showServerErrors, validateWith } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';

interface Props {
  order?: Order | undefined;
  /** Pre-filled package id of a new order (a scanned or typed code that is not registered yet). */
  initialPackageId?: string | undefined;
  onSaved: (order: Order, next: 'stay' | 'deposit') => void;
  onCancel?: () => void;
}
type Values = {
  packageId: string;
  recipientName: string;
  recipientPhone: string;
  recipientNumber: string;
  recipientEmail: string;
  /** '' is the service's default language (sent as null). */
  recipientLanguage: ContentLanguage | '';
};

/** Create (id 0, POST) or edit (PUT) an order; validated with the contract schema the server uses. */
export function OrderForm({ order, initialPackageId, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveOrder();
  const once = useSingleFlight();
  // One key per opening of the form: a retried or doubled Save creates the order once (server side).
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Saved: the form has done its job; a click that arrives while the page moves on is ignored.
  const [done, setDone] = useState(false);
  const tr = (k: string) => t(runtimeKey(k));
  useEffect(() => {
    form.setFieldsValue({
      packageId: order?.packageId ?? initialPackageId ?? '',
      // The fixed name "Cliente" is what the server writes for no name: the field shows it empty.
      recipientName: order && order.recipientName !== ORDER_RECIPIENT_NAME ? order.recipientName : '',
      recipientPhone: order?.recipientPhone ?? '',
      recipientNumber: order?.recipientNumber ?? '',
      recipientEmail: order?.recipientEmail ?? '',
      recipientLanguage: order?.recipientLanguage ?? '',
    });
  }, [form, order, initialPackageId]);

  const submit = (next: 'stay' | 'deposit') =>
    once(async () => {
      if (done) return;
      const { recipientLanguage, ...rest } = form.getFieldsValue();
      const values = { ...rest, recipientLanguage: recipientLanguage || null };
      if (!validateWith(form, orderInputSchema, values, tr)) return;
      const input: OrderInput & { id?: number; updatedAt?: string } = {
        ...values,
        ...(order ? { id: order.id, updatedAt: order.updatedAt } : {}),
      };
      try {
        const saved = await save.mutateAsync({ ...input, idempotencyKey });
        // An edit form may be saved again (the next edit is a new request); a new order is made once.
        if (!order) setDone(true);
        onSaved(saved, next);
      } catch (e) {
        if (e instanceof ApiError) showServerErrors(form, e, tr);
      }
    });

  return (
    <Form
      form={form}
      onValuesChange={recheckOnChange(form)}
      layout="vertical"
      onFinish={() => submit('stay')}
      data-testid="order-form"
      style={{ maxWidth: 520 }}
    >
      {save.isError && ownFailureText(save.error) !== null && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            save.error instanceof ApiError && save.error.code === 'invalidInput'
              ? t('orders.form.invalid')
              : ownFailureText(save.error)
          }
        />
      )}
      <Form.Item name="packageId" label={t('orders.fields.packageId')} required>
        <Input autoFocus maxLength={64} data-testid="order-packageId" />
      </Form.Item>
      <Form.Item name="recipientName" label={t('orders.fields.recipientName')}>
        <Input maxLength={100} autoComplete="off" data-testid="order-recipientName" />
      </Form.Item>
      <Form.Item name="recipientPhone" label={t('orders.fields.recipientPhone')} required>
        <Input inputMode="numeric" maxLength={9} data-testid="order-recipientPhone" />
      </Form.Item>
      <Form.Item name="recipientNumber" label={t('orders.fields.recipientNumber')}>
        <Input maxLength={64} data-testid="order-recipientNumber" />
      </Form.Item>
      <Form.Item name="recipientEmail" label={t('orders.fields.recipientEmail')}>
        <Input type="email" maxLength={200} data-testid="order-recipientEmail" />
      </Form.Item>
      <Form.Item name="recipientLanguage" label={t('orders.fields.recipientLanguage')}>
        <Radio.Group
          optionType="button"
          data-testid="order-recipientLanguage"
          options={[
            { value: '', label: t('orders.languages.default') },
            ...CONTENT_LANGUAGES.map((l) => ({ value: l, label: t(`orders.languages.${l}`) })),
          ]}
        />
      </Form.Item>
      <Space wrap>
        {onCancel && <Button onClick={onCancel}>{t('common.close')}</Button>}
        <Button
          htmlType="submit"
          loading={save.isPending}
          disabled={save.isPending || done}
          data-testid="order-save"
        >
          {t('orders.form.save')}
        </Button>
        {!order && (
          <Button
            type="primary"
            loading={save.isPending}
            disabled={save.isPending || done}
            onClick={() => submit('deposit')}
            data-testid="order-save-deposit"
          >
            {t('orders.form.saveAndDeposit')}
          </Button>
        )}
      </Space>
    </Form>
  );
}
