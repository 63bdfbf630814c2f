import { Alert, Button, Card, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ImportMapping } from '../components/import-mapping';
import { ImportProgressView } from '../components/import-progress';
import { ImportPreviewCard } from '../components/import-preview-card';
import { useImportOrders } from '../components/use-import-orders';

/**
 * /import-orders: upload, map the columns by hand when their names are not recognised, preview with
 * row errors, Submit Orders (all valid rows in one go), with the server's progress figures.
 */
export default function ImportOrdersPage() {
  const { t } = useTranslation();
  const c = useImportOrders();
  const { file, preview, unmatched } = c;

  return (
    <>
      <PageHeader routeId="importOrders" />
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Space orientation="vertical">
            <Upload accept=".xlsx,.xls,.csv" maxCount={1} showUploadList={false} beforeUpload={c.pick}>
              <Button icon={<UploadOutlined />} loading={c.analysing} data-testid="import-upload">
                {t('orders.import.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{t('orders.import.hint')}</Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={c.downloadTemplate} data-testid="import-template">
              {t('orders.import.template')}
            </Button>
            {file && <Typography.Text strong>{file.name}</Typography.Text>}
            {c.problem && <Alert type="error" showIcon title={c.problem} data-testid="import-problem" />}
            {c.mapped && preview && (
              <Space>
                <Typography.Text type="secondary">{t('orders.import.mappedByHand')}</Typography.Text>
                <Button size="small" onClick={c.changeColumns} data-testid="import-map-change">
                  {t('orders.import.mapChange')}
                </Button>
              </Space>
            )}
            {c.running && <ImportProgressView progress={c.progress} />}
          </Space>
        </Card>
        {unmatched && file && !preview && (
          <ImportMapping
            key={unmatched.headers.join('\u0000') + unmatched.guess.join(',')}
            columns={unmatched}
            busy={c.analysing}
            onApply={(cols) => c.runPreview(file, cols)}
          />
        )}
        {preview && (
          <ImportPreviewCard
            preview={preview}
            result={c.result}
            sending={c.send.pending}
            submitting={c.submitting}
            onSubmit={() => file && void c.send.run(file)}
            errorsOnly={c.errorsOnly}
            onErrorsOnly={c.setErrorsOnly}
          />
        )}
      </Space>
    </>
  );
}
