import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { priceType } from '@cacifo/contract/codes/transaction';
import { createVoucherSchema, type Voucher } from '@cacifo/contract/schemas/marketplace';
import { useFormSubmit } from '@/lib/form-submit';
import { usePricePacks } from '../api/prices';
import { useSaveVoucher } from '../api/vouchers';
import { euros, toCents } from './money';
import { recheckOnChange } from '@/lib/zod-form';

interface Values {
  title: string;
  code: string;
  descriptionPt: string;
  descriptionEn: string;
  period: [Dayjs, Dayjs] | null;
  maxUses: number | null;
  maxUsesPerDay: number | null;
  discountType: 'percentage' | 'fixed';
  discountValue: number | null;
  priceIds: number[];
  type: string | null;
  enabled: boolean;
}

const D = 'YYYY-MM-DD';

export function VoucherForm({
  voucher,
  open,
  onClose,
}: {
  voucher: Voucher | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { submit, pending } = useFormSubmit(form, useSaveVoucher(), {
    schema: createVoucherSchema,
    values: (raw) => {
      const v = raw as unknown as Values;
      return {
        title: v.title,
        code: v.code,
        descriptionPt: v.descriptionPt ?? '',
        descriptionEn: v.descriptionEn ?? '',
        startDate: v.period?.[0]?.format(D) ?? '',
        endDate: v.period?.[1]?.format(D) ?? '',
        maxUses: v.maxUses ?? null,
        maxUsesPerDay: v.maxUsesPerDay ?? null,
        discountType: v.discountType,
        discountValue: v.discountType === 'fixed' ? toCents(v.discountValue) : (v.discountValue ?? undefined),
        priceIds: v.priceIds ?? [],
        type: v.type ?? null,
        enabled: !!v.enabled,
      };
    },
    variables: (parsed) => ({ ...parsed, ...(voucher ? { id: voucher.id } : {}) }),
    version: voucher && { of: voucher.id, updatedAt: voucher.updatedAt },
    rename: { startDate: 'period', endDate: 'period' },
    fieldOf: { voucherCodeExists: 'code' },
    onSuccess: onClose,
  });
  const packs = usePricePacks();
  const discountType = Form.useWatch('discountType', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const today = dayjs();
    form.setFieldsValue(
      voucher
        ? {
            ...voucher,
            period: [dayjs(voucher.startDate), dayjs(voucher.endDate)],
            discountValue:
              voucher.discountType === 'fixed' ? voucher.discountValue / 100 : voucher.discountValue,
          }
        : {
            title: '',
            code: '',
            descriptionPt: '',
            descriptionEn: '',
            period: [today, today.add(3, 'month')],
            maxUses: null,
            maxUsesPerDay: null,
            discountType: 'percentage',
            discountValue: null,
            priceIds: [],
            type: null,
            enabled: true,
          },
    );
  }, [open, voucher, form]);

  return (
    <Modal
      open={open}
      width={720}
      title={t(voucher ? 'marketplace.vouchers.edit' : 'marketplace.vouchers.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('marketplace.common.save')}
      cancelText={t('marketplace.common.cancel')}
      okButtonProps={{
        loading: pending,
        ...({ 'data-testid': 'voucher-save' } as Record<string, string>),
      }}
      destroyOnHidden
    >
      <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical" requiredMark={false}>
        <Row gutter={12}>
          <Col xs={24} md={14}>
            <Form.Item name="title" label={t('marketplace.vouchers.title')}>
              <Input maxLength={100} data-testid="voucher-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="code" label={t('marketplace.vouchers.code')}>
              <Input maxLength={32} style={{ textTransform: 'uppercase' }} data-testid="voucher-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="descriptionPt" label={t('marketplace.vouchers.descriptionPt')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="descriptionEn" label={t('marketplace.vouchers.descriptionEn')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="period" label={t('marketplace.vouchers.period')}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="maxUses" label={t('marketplace.vouchers.maxUses')}>
              <InputNumber
                precision={0}
                placeholder={t('marketplace.vouchers.unlimited')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="maxUsesPerDay" label={t('marketplace.vouchers.maxUsesPerDay')}>
              <InputNumber
                precision={0}
                placeholder={t('marketplace.vouchers.unlimited')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="discountType" label={t('marketplace.vouchers.discountType')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'percentage', label: t('marketplace.vouchers.percentage') },
                  { value: 'fixed', label: t('marketplace.vouchers.fixed') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="discountValue" label={t('marketplace.vouchers.discountValue')}>
              <InputNumber
                precision={2}
                suffix={discountType === 'percentage' ? '%' : '€'}
                style={{ width: '100%' }}
                data-testid="voucher-value"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('marketplace.vouchers.type')}>
              <Select
                allowClear
                placeholder={t('marketplace.vouchers.anyType')}
                options={priceType.values.map((v) => ({
                  value: v,
                  label: t(priceType.labelKey(v) as 'priceType.VISITOR'),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="priceIds" label={t('marketplace.vouchers.prices')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('marketplace.vouchers.allPrices')}
                options={(packs.data ?? []).map((p) => ({
                  value: p.id,
                  label: `${p.name} · ${euros(p.priceCents)}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="enabled" label={t('marketplace.common.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
