import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentMethod, transactionStatus } from '@cacifo/contract/codes/transaction';
import type { Transaction } from '@cacifo/contract/schemas/marketplace';

/* Labels of a transaction, apart from the drawer so lists show them without loading its form. */

const STATUS_COLOUR: Record<string, string> = {
  paid: 'green',
  transferred: 'green',
  captive: 'volcano',
  processing: 'blue',
  pending: 'gold',
  error: 'red',
  expired: 'default',
  canceled: 'default',
  refunded: 'purple',
  returned: 'purple',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const label = transactionStatus.has(status) ? t(transactionStatus.labelKey(status)) : status;
  return <Tag color={STATUS_COLOUR[status]}>{label}</Tag>;
}

export function MethodLabel({ method }: { method: Transaction['method'] }) {
  const { t } = useTranslation();
  if (!method) return <>{t('marketplace.transactions.free')}</>;
  return <>{t(paymentMethod.labelKey(method))}</>;
}
