import { useEffect } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRANSACTION_DESCRIPTION_MAX,
  updateTransactionSchema,
  type TransactionDetails,
} from '@cacifo/contract/schemas/marketplace';
import { useFormSubmit } from '@/lib/form-submit';
import { DeleteButton } from '@/components/list/delete-button';
import { recheckOnChange } from '@/lib/zod-form';
import { useDeleteTransaction, useUpdateTransaction } from '../api/transactions';

const DELETABLE = ['error', 'expired', 'canceled'];

interface Props {
  id: number;
  details: TransactionDetails;
  onClose: () => void;
}

/** The edit form's controller: description and invoice id from the transaction, saved with its version. */
function useTransactionEdit({ id, details: d }: Props) {
  const [form] = Form.useForm<{ description: string; invoiceId: string }>();
  const save = useFormSubmit(form, useUpdateTransaction(), {
    schema: updateTransactionSchema,
    values: (v) => ({ id, description: v.description || null, invoiceId: v.invoiceId || null }),
    variables: (body) => ({
      ...body,
      description: body.description ?? null,
      invoiceId: body.invoiceId ?? null,
    }),
    fieldOf: { descriptionTooLong: 'description' },
    version: { of: d.transaction.id, updatedAt: d.transaction.updatedAt },
  });
  useEffect(() => {
    form.setFieldsValue({
      description: d.transaction.description ?? '',
      invoiceId: d.transaction.invoiceId ?? '',
    });
  }, [d, form]);
  return { form, save };
}

/** A manager's edit of the description and invoice id, and the delete of a failed transaction. */
export function TransactionEditForm(props: Props) {
  const { t } = useTranslation();
  const { id, details, onClose } = props;
  const tx = details.transaction;
  const remove = useDeleteTransaction();
  const { form, save } = useTransactionEdit(props);
  return (
    <Card size="small">
      <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical">
        <Form.Item name="description" label={t('marketplace.transactions.description')}>
          {/* The counter shows the server's limit; a longer text is not cut, it is refused with
              'Description too long' so nothing is lost silently. */}
          <Input.TextArea
            rows={2}
            count={{ show: true, max: TRANSACTION_DESCRIPTION_MAX }}
            data-testid="transaction-description"
          />
        </Form.Item>
        <Form.Item name="invoiceId" label={t('marketplace.transactions.invoiceId')}>
          <Input maxLength={64} />
        </Form.Item>
        <Space>
          <Button type="primary" loading={save.pending} onClick={() => void save.submit()}>
            {t('marketplace.common.save')}
          </Button>
          {DELETABLE.includes(tx.status) && (
            <DeleteButton
              name={tx.reference}
              showLabel
              onDelete={() => remove.mutateAsync(id).then(onClose)}
              pending={remove.isPending}
              testId="transaction-delete"
            />
          )}
        </Space>
      </Form>
    </Card>
  );
}
