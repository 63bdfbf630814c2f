import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Progress,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { hasAllowedUploadExtension } from '@cacifo/contract/limits';
import type { ImportPreview, ImportResult, ImportRowReport } from '@cacifo/contract/schemas/orders';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePreviewImport, useSubmitImport } from '../api/import-orders';

/** /import-orders: upload, preview with row errors, Submit Orders (all valid rows in one go). */
export default function ImportOrdersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const analyse = usePreviewImport();
  const submit = useSubmitImport();
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const field = (f: string) => t(`orders.fields.${f}` as 'orders.fields.packageId', { defaultValue: f });

  /** What the server found wrong with the file, in words: which columns are missing, for one. */
  const fileProblem = (e: unknown) => {
    const data =
      e instanceof ApiError ? (e.data as { reason?: string; missing?: string[]; found?: string[] }) : null;
    if (e instanceof ApiError && e.code === 'invalidFile' && data?.reason === 'missingColumns')
      return t('orders.import.missingColumns', {
        missing: (data.missing ?? []).map(field).join(', '),
        found: (data.found ?? []).join(', ') || '—',
      });
    if (e instanceof ApiError && e.code === 'invalidFile' && data?.reason === 'tooManyRows')
      return t('orders.import.tooManyRows');
    return errorMessage(e);
  };

  /** A CSV with the columns in this language and one example row (UTF-8 with BOM, Excel opens it). */
  const downloadTemplate = () => {
    const header = ['packageId', 'recipientPhone', 'recipientNumber', 'recipientEmail'].map(field);
    const csv = `\uFEFF${header.join(';')}\r\nSGPT000000001;912345678;PRT0001;cliente@exemplo.pt\r\n`;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('orders.import.templateFile');
    a.click();
    URL.revokeObjectURL(url);
  };

  const pick = (f: File) => {
    setResult(null);
    setPreview(null);
    if (!hasAllowedUploadExtension(f.name)) {
      void message.error(t('errors.invalidFileType'));
      return false;
    }
    setFile(f);
    setProblem(null);
    analyse.mutate(f, { onSuccess: setPreview, onError: (e) => setProblem(fileProblem(e)) });
    return false;
  };

  const columns: TableColumnsType<ImportRowReport> = [
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
                  {t(`orders.fields.${field}` as 'orders.fields.packageId', { defaultValue: field })}:{' '}
                  {t(msg as 'validation.required')}
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

  return (
    <>
      <PageHeader routeId="importOrders" />
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Space orientation="vertical">
            <Upload accept=".xlsx,.xls,.csv" maxCount={1} showUploadList={false} beforeUpload={pick}>
              <Button icon={<UploadOutlined />} loading={analyse.isPending} data-testid="import-upload">
                {t('orders.import.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{t('orders.import.hint')}</Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={downloadTemplate} data-testid="import-template">
              {t('orders.import.template')}
            </Button>
            {file && <Typography.Text strong>{file.name}</Typography.Text>}
            {problem && <Alert type="error" showIcon title={problem} data-testid="import-problem" />}
          </Space>
        </Card>
        {preview && (
          <Card
            title={t('orders.import.preview')}
            extra={
              <Button
                type="primary"
                disabled={preview.valid === 0 || submit.isPending || !!result}
                loading={submit.isPending}
                data-testid="import-submit"
                onClick={() =>
                  file &&
                  submit.mutate(file, {
                    onSuccess: (r) => {
                      setResult(r);
                      void message.success(
                        t('orders.import.done', {
                          created: r.created,
                          skipped: r.skipped,
                          invalid: r.invalid,
                        }),
                      );
                    },
                    onError: (e) => void message.error(errorMessage(e)),
                  })
                }
              >
                {submit.isPending ? t('orders.import.submitting') : t('orders.import.submit')}
              </Button>
            }
          >
            <Space wrap style={{ marginBottom: 12 }}>
              <Space size={6}>
                <Switch
                  size="small"
                  checked={errorsOnly}
                  onChange={setErrorsOnly}
                  data-testid="import-errors-only"
                />
                {t('orders.import.errorsOnly')}
              </Space>
              <Tag color="green">{t('orders.import.valid', { count: preview.valid })}</Tag>
              <Tag color="red">{t('orders.import.invalid', { count: preview.invalid })}</Tag>
              <Tag color="orange">{t('orders.import.duplicates', { count: preview.duplicates })}</Tag>
            </Space>
            {submit.isPending && <Progress percent={99} status="active" showInfo={false} />}
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
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('orders.import.nothing')}
              />
            )}
            <Table<ImportRowReport>
              rowKey="row"
              size="small"
              columns={columns}
              dataSource={
                errorsOnly ? preview.rows.filter((r) => Object.keys(r.errors).length > 0) : preview.rows
              }
              data-testid="import-preview"
              scroll={{ x: true }}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
            />
          </Card>
        )}
      </Space>
    </>
  );
}
