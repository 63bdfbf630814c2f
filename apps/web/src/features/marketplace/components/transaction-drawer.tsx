import { Alert, Drawer, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { useTransaction } from '../api/transactions';
import { TransactionFields, TransactionInvoice, TransactionLogs } from './transaction-details';
import { TransactionEditForm } from './transaction-edit-form';

/** Details, invoice details and the transaction log; description and invoice id can be edited. */
export function TransactionDrawer({
  id,
  onClose,
  mayManage,
}: {
  id: number | null;
  onClose: () => void;
  mayManage: boolean;
}) {
  const { t } = useTranslation();
  const q = useTransaction(id);
  const d = q.data;
  const tx = d?.transaction;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={tx ? t('marketplace.transactions.details', { reference: tx.reference }) : ''}
      destroyOnHidden
    >
      {q.isError && <Alert type="error" showIcon title={errorMessage(q.error)} />}
      {q.isLoading && <Spin />}
      {tx && d && (
        <Space
          orientation="vertical"
          size="middle"
          style={{ width: '100%' }}
          data-testid="transaction-details"
        >
          <TransactionFields tx={tx} />
          <TransactionInvoice invoice={d.invoice} />
          <TransactionLogs logs={d.logs} />
          {mayManage && id !== null && <TransactionEditForm id={id} details={d} onClose={onClose} />}
        </Space>
      )}
    </Drawer>
  );
}
