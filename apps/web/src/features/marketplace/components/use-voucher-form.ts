import { useEffect } from 'react';
import { Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { createVoucherSchema, type Voucher } from '@cacifo/contract/schemas/marketplace';
import { useFormSubmit } from '@/lib/form-submit';
import { useSaveVoucher } from '../api/vouchers';
import { toCents } from './money';

export interface VoucherValues {
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

/**
 * The voucher dialog's controller: the form filled from the voucher (or a new one's defaults) each
 * time it opens, and its save (the period and a fixed discount converted to the contract's shape).
 */
export function useVoucherForm(voucher: Voucher | null, open: boolean, onClose: () => void) {
  const [form] = Form.useForm<VoucherValues>();
  const { submit, pending } = useFormSubmit(form, useSaveVoucher(), {
    schema: createVoucherSchema,
    values: (raw) => {
      const v = raw as unknown as VoucherValues;
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
  return { form, submit, pending };
}
