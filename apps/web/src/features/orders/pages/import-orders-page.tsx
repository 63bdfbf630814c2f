import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
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
import { say } from '@/lib/feedback';
import { useSingleFlight } from '@/lib/form-submit';
import {
  useImportProgress,
  usePreviewImport,
  useSubmitImport,
  type ImportUpload,
} from '../api/import-orders';
import { ImportMapping, type UnmatchedColumns } from '../components/import-mapping';
import { ImportProgressView } from '../components/import-progress';

/**
 * /import-orders: upload, map the columns by hand when their names are not recognised, preview with
 * row errors, Submit Orders (all valid rows in one go), with the server's progress figures.
 */
export default function ImportOrdersPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const analyse = usePreviewImport();
  const submit = useSubmitImport();
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<UnmatchedColumns | null>(null);
  const [mapped, setMapped] = useState<string[] | null>(null);
  const [progressId, setProgressId] = useState('');
  const running = analyse.isPending || submit.isPending;
  const progress = useImportProgress(progressId, running && progressId !== '');
  const upload = (f: File, cols: string[] | null): ImportUpload => {
    const id = crypto.randomUUID();
    setProgressId(id);
    return { file: f, columns: cols, progressId: id };
  };
  // One submission however fast the clicks: the button only disables after a render.
  const send = useSingleFlight((f: File) => submit.mutateAsync(upload(f, mapped)).then((r) => setResult(r)));
  const field = (f: string) => t(`orders.fields.${f}` as 'orders.fields.packageId', { defaultValue: f });

  /** What the server found wrong with the file, in words: which columns are missing, for one. */
  const fileProblem = (e: unknown) => {
    const data =
      e instanceof ApiError
        ? (e.data as { reason?: string; missing?: string[]; found?: string[] } | undefined)
        : undefined;
    if (!(e instanceof ApiError) || e.code !== 'invalidFile') return errorMessage(e);
    if (data?.reason === 'missingColumns')
      return t('orders.import.missingColumns', {
        missing: (data.missing ?? []).map(field).join(', '),
        found: (data.found ?? []).join(', ') || '—',
      });
    if (data?.reason === 'tooManyRows') return t('orders.import.tooManyRows');
    if (data?.reason === 'empty') return t('orders.import.emptyFile');
    // Anything else: the bytes are not a spreadsheet of the kind the name says.
    return t('orders.import.unreadable');
  };

  /** Reads the file again with these columns (null: by their names), for the preview. */
  const runPreview = (f: File, cols: string[] | null) => {
    setProblem(null);
    setPreview(null);
    setResult(null);
    analyse.mutate(upload(f, cols), {
      onSuccess: (p) => {
        // Mapped by hand: the mapping stays at hand to change it ("Change columns").
        setUnmatched((u) => (cols && u ? { headers: u.headers, guess: cols } : null));
        setMapped(cols);
        setPreview(p);
      },
      onError: (e) => {
        const data = e instanceof ApiError ? (e.data as Partial<UnmatchedColumns> | undefined) : undefined;
        // Columns the names did not match: the person maps them (the step below).
        if (data?.headers && data.guess) setUnmatched({ headers: data.headers, guess: data.guess });
        else setUnmatched(null);
        setProblem(fileProblem(e));
      },
    });
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
      // Checked before any request: not a mutation's outcome, so said here.
      say('error', t('errors.invalidFileType'));
      return false;
    }
    setFile(f);
    setUnmatched(null);
    setMapped(null);
    runPreview(f, null);
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
            {mapped && preview && (
              <Space>
                <Typography.Text type="secondary">{t('orders.import.mappedByHand')}</Typography.Text>
                <Button size="small" onClick={() => setPreview(null)} data-testid="import-map-change">
                  {t('orders.import.mapChange')}
                </Button>
              </Space>
            )}
            {running && <ImportProgressView progress={progress.data} />}
          </Space>
        </Card>
        {unmatched && file && !preview && (
          <ImportMapping
            key={unmatched.headers.join('\u0000') + unmatched.guess.join(',')}
            columns={unmatched}
            busy={analyse.isPending}
            onApply={(cols) => runPreview(file, cols)}
          />
        )}
        {preview && (
          <Card
            title={t('orders.import.preview')}
            extra={
              <Button
                type="primary"
                disabled={preview.valid === 0 || send.pending || !!result}
                loading={send.pending}
                data-testid="import-submit"
                onClick={() => file && void send.run(file)}
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
