import {
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Switch,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { priceType } from '@cacifo/contract/codes/transaction';
import type { PricePack, Voucher } from '@cacifo/contract/schemas/marketplace';
import { usePricePacks } from '../api/prices';
import { euros } from './money';
import { recheckOnChange } from '@/lib/zod-form';
import { useVoucherForm, type VoucherValues } from './use-voucher-form';

/** New or edit a voucher, in a dialog. */
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
  const { form, submit, pending } = useVoucherForm(voucher, open, onClose);
  // Fetched with the list, not when the dialog opens: the prices are there at once.
  const packs = usePricePacks();

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
        <VoucherFields form={form} packs={packs.data} />
      </Form>
    </Modal>
  );
}

/** The voucher's fields: title, code, descriptions, period, limits, discount, type, prices, enabled. */
function VoucherFields({
  form,
  packs,
}: {
  form: FormInstance<VoucherValues>;
  packs: PricePack[] | undefined;
}) {
  const { t } = useTranslation();
  const discountType = Form.useWatch('discountType', form);
  return (
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
              label: t(priceType.labelKey(v)),
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
            options={(packs ?? []).map((p) => ({
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
  );
}
