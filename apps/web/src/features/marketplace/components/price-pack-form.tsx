import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceType } from '@cacifo/contract/codes/transaction';
import { createPricePackSchema, packPrices, type PricePack } from '@cacifo/contract/schemas/marketplace';
import { useFormSubmit } from '@/lib/form-submit';
import { useMarketplaceSettings } from '../api/settings';
import { useSavePricePack } from '../api/prices';
import { euros, toCents } from './money';
import { recheckOnChange } from '@/lib/zod-form';

interface Values {
  name: string;
  hours: number;
  entered: 'gross' | 'net';
  amount: number;
  enabled: boolean;
}

/** Create or edit a pack: one price is typed, the other is shown as the server will derive it. */
export function PricePackForm({
  type,
  pack,
  open,
  onClose,
}: {
  type: PriceType;
  pack: PricePack | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { submit, pending } = useFormSubmit(form, useSavePricePack(), {
    schema: createPricePackSchema,
    values: (v) => {
      const price = toCents(v.amount as number | null | undefined);
      return {
        name: v.name,
        type,
        hours: v.hours,
        enabled: v.enabled,
        ...(v.entered === 'net' ? { priceNetCents: price } : { priceCents: price }),
      };
    },
    variables: (body) => ({ ...body, ...(pack ? { id: pack.id } : {}) }),
    version: pack && { of: pack.id, updatedAt: pack.updatedAt },
    rename: { priceCents: 'amount', priceNetCents: 'amount' },
    onSuccess: onClose,
  });
  const iva = useMarketplaceSettings().data?.ivaPercent ?? 23;
  const entered = Form.useWatch('entered', form);
  const amount = Form.useWatch('amount', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      pack
        ? {
            name: pack.name,
            hours: pack.hours,
            entered: 'gross',
            amount: pack.priceCents / 100,
            enabled: pack.enabled,
          }
        : { name: '', hours: 1, entered: 'gross', amount: undefined as unknown as number, enabled: true },
    );
  }, [open, pack, form]);

  const cents = toCents(amount);
  let preview: string | null = null;
  if (cents !== undefined && cents >= 0 && Number.isInteger(cents)) {
    try {
      const p = packPrices(entered === 'net' ? { priceNetCents: cents } : { priceCents: cents }, iva);
      preview = t('marketplace.prices.derived', {
        iva,
        gross: euros(p.priceCents),
        net: euros(p.priceNetCents),
      });
    } catch {
      preview = null;
    }
  }

  return (
    <Modal
      open={open}
      title={t(pack ? 'marketplace.prices.edit' : 'marketplace.prices.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('marketplace.common.save')}
      cancelText={t('marketplace.common.cancel')}
      okButtonProps={{
        loading: pending,
        ...({ 'data-testid': 'price-save' } as Record<string, string>),
      }}
      destroyOnHidden
    >
      <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical" requiredMark={false}>
        <Form.Item name="name" label={t('marketplace.prices.name')}>
          <Input data-testid="price-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="hours" label={t('marketplace.prices.hours')}>
          <InputNumber data-testid="price-hours" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="entered" label={t('marketplace.prices.entered')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'gross', label: t('marketplace.prices.enteredGross') },
              { value: 'net', label: t('marketplace.prices.enteredNet') },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('marketplace.prices.amount')} extra={preview}>
          <InputNumber data-testid="price-amount" step={0.5} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('marketplace.common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Typography.Text type="secondary">{t('marketplace.prices.rounding')}</Typography.Text>
      </Form>
    </Modal>
  );
}
