import { useEffect } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Form, Input, Space, Spin, Table, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { transactionAction } from '@cacifo/contract/codes/transaction';
import { TRANSACTION_DESCRIPTION_MAX, updateTransactionSchema } from '@cacifo/contract/schemas/marketplace';
import { errorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-submit';
import { DeleteButton } from '@/components/list/delete-button';
import { useDeleteTransaction, useTransaction, useUpdateTransaction } from '../api/transactions';
import { dateTime, euros } from './money';
import { MethodLabel, StatusTag } from './transaction-labels';
import { recheckOnChange } from '@/lib/zod-form';

const DELETABLE = ['error', 'expired', 'canceled'];
/** Details, invoice details and the transaction log; description and invoice id can be edited. */
/** Rental, extension, or the overtime an MB WAY rental paid for ending late (docs/adr/0220). */
const KIND_LABEL = {
  rental: 'marketplace.transactions.kindRental',
  extension: 'marketplace.transactions.kindExtension',
  overtime: 'marketplace.transactions.kindOvertime',
} as const;

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
  const remove = useDeleteTransaction();
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
    version: q.data && { of: q.data.transaction.id, updatedAt: q.data.transaction.updatedAt },
  });
  const d = q.data;

  useEffect(() => {
    if (d)
      form.setFieldsValue({
        description: d.transaction.description ?? '',
        invoiceId: d.transaction.invoiceId ?? '',
      });
  }, [d, form]);

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
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('marketplace.transactions.reference')}>
              {tx.reference}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.status')}>
              <StatusTag status={tx.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.kind')}>
              {t(KIND_LABEL[tx.kind])}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.identifier')}>
              {tx.identifier ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.transactionId')}>
              {tx.transactionId ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.method')}>
              <MethodLabel method={tx.method} />
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.phone')}>
              {tx.phone ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.locker')}>
              {tx.placeName ? `${tx.placeName} · #${tx.doorNumber}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.pack')}>
              {tx.packName ? `${tx.packName} · ${t('marketplace.common.hours', { count: tx.hours })}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.voucher')}>
              {tx.voucherCode ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.deposit')}>
              {euros(tx.depositCents)}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.createdAt')}>
              {dateTime(tx.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.updatedAt')}>
              {dateTime(tx.updatedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.paidAt')}>
              {dateTime(tx.paidAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.rentalStart')}>
              {dateTime(tx.rentalStart)}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.rentalEnd')}>
              {dateTime(tx.rentalEnd)}
            </Descriptions.Item>
            <Descriptions.Item label={t('marketplace.transactions.billedTime')}>
              {tx.billedMinutes === null ? '—' : t('marketplace.common.minutes', { count: tx.billedMinutes })}
            </Descriptions.Item>
          </Descriptions>

          <Card size="small" title={t('marketplace.transactions.invoice')} data-testid="transaction-invoice">
            <Table
              size="small"
              rowKey="label"
              pagination={false}
              dataSource={d.invoice.lines}
              columns={[
                { title: t('marketplace.transactions.line'), dataIndex: 'label' },
                {
                  title: t('marketplace.transactions.amount'),
                  dataIndex: 'amountCents',
                  align: 'end',
                  render: (c: number) => euros(c),
                },
                {
                  title: t('marketplace.transactions.discount'),
                  dataIndex: 'discountCents',
                  align: 'end',
                  render: (c: number) => euros(-c),
                },
              ]}
            />
            <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('marketplace.transactions.invoiceId')}>
                {d.invoice.invoiceId ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('marketplace.transactions.cost')}>
                {euros(d.invoice.costCents)}
              </Descriptions.Item>
              <Descriptions.Item label={`${t('marketplace.transactions.iva')} (${d.invoice.ivaPercent}%)`}>
                {euros(d.invoice.ivaCents)}
              </Descriptions.Item>
              <Descriptions.Item label={t('marketplace.transactions.totalCost')}>
                <strong data-testid="invoice-total">{euros(d.invoice.totalCostCents)}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('marketplace.transactions.charged')}>
                {euros(d.invoice.chargedCents)}
              </Descriptions.Item>
            </Descriptions>
          </Card>

          <Card size="small" title={t('marketplace.transactions.logs')}>
            {d.logs.length === 0 ? (
              t('marketplace.transactions.noLogs')
            ) : (
              <Timeline
                items={d.logs.map((l) => ({
                  key: l.id,
                  content: (
                    <>
                      {transactionAction.has(l.action)
                        ? t(transactionAction.labelKey(l.action) as 'transactionAction.PAID')
                        : l.action}{' '}
                      · <StatusTag status={l.status} />{' '}
                      <span className="cell-secondary">{dateTime(l.createdAt)}</span>
                    </>
                  ),
                }))}
              />
            )}
          </Card>

          {mayManage && (
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
                      onDelete={() => remove.mutateAsync(id!).then(onClose)}
                      pending={remove.isPending}
                      testId="transaction-delete"
                    />
                  )}
                </Space>
              </Form>
            </Card>
          )}
        </Space>
      )}
    </Drawer>
  );
}
