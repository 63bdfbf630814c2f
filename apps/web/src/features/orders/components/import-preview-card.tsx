import { Alert, Button, Card, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportResult, ImportRowReport } from '@cacifo/contract/schemas/orders';
import { runtimeKey } from '@/lib/i18n-keys';

interface Props {
  preview: ImportPreview;
  result: ImportResult | null;
  /** Submitting now (the button's spinner) and the request's own pending (its words). */
  sending: boolean;
  submitting: boolean;
  onSubmit: () => void;
  /** Only the rows with errors (kept by the page across previews). */
  errorsOnly: boolean;
  onErrorsOnly: (on: boolean) => void;
}

/** The preview's columns: row, package id, phone, number, and the row's errors or its verdict. */
function useRowColumns(): TableColumnsType<ImportRowReport> {
  const { t } = useTranslation();
  return [
    { title: t('orders.import.row'), dataIndex: 'row', width: 80 },
    { title: t('orders.fields.packageId'), render: (_: unknown, r) => String(r.data.packageId ?? '') },
    {
      title: t('orders.fields.recipientPhone'),
      render: (_: unknown, r) => String(r.data.recipientPhone ?? ''),
    },
    {
      title: t('orders.fields.recipientNumber'),
      render: (_: unknown, r) => String(r.data.recipientNumber ?? ''),
      responsive: ['md'],
    },
    {
      title: t('orders.import.errors'),
      render: (_: unknown, r) => {
        const errors = Object.entries(r.errors);
        if (errors.length)
          return (
            <Space orientation="vertical" size={0}>
              {errors.map(([field, msg]) => (
                <Typography.Text key={field} type="danger">
                  {t(runtimeKey(`orders.fields.${field}`), { defaultValue: field })}: {t(runtimeKey(msg))}
                </Typography.Text>
              ))}
            </Space>
          );
        return r.duplicate ? (
          <Tag color="orange">{t('orders.import.duplicate')}</Tag>
        ) : (
          <Tag color="green">{t('orders.import.ok')}</Tag>
        );
      },
    },
  ];
}

/** The import's preview: counts, the rows (or only those with errors), Submit Orders and its outcome. */
export function ImportPreviewCard(props: Props) {
  const { preview, result, sending, submitting, onSubmit, errorsOnly, onErrorsOnly } = props;
  const { t } = useTranslation();
  const columns = useRowColumns();
  return (
    <Card
      title={t('orders.import.preview')}
      extra={
        <Button
          type="primary"
          disabled={preview.valid === 0 || sending || !!result}
          loading={sending}
          data-testid="import-submit"
          onClick={onSubmit}
        >
          {submitting ? t('orders.import.submitting') : t('orders.import.submit')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Space size={6}>
          <Switch
            size="small"
            checked={errorsOnly}
            onChange={onErrorsOnly}
            data-testid="import-errors-only"
          />
          {t('orders.import.errorsOnly')}
        </Space>
        <Tag color="green">{t('orders.import.valid', { count: preview.valid })}</Tag>
        <Tag color="red">{t('orders.import.invalid', { count: preview.invalid })}</Tag>
        <Tag color="orange">{t('orders.import.duplicates', { count: preview.duplicates })}</Tag>
      </Space>
      {result && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="import-result"
          title={t('orders.import.done', {
            created: result.created,
            skipped: result.skipped,
            invalid: result.invalid,
          })}
        />
      )}
      {preview.valid === 0 && !result && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('orders.import.nothing')} />
      )}
      <Table<ImportRowReport>
        rowKey="row"
        size="small"
        columns={columns}
        dataSource={errorsOnly ? preview.rows.filter((r) => Object.keys(r.errors).length > 0) : preview.rows}
        data-testid="import-preview"
        scroll={{ x: true }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
      />
    </Card>
  );
}
