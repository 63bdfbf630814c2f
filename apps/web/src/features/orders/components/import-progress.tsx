import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportProgress } from '@cacifo/contract/schemas/orders';

/**
 * How far the upload under way is, in the server's figures: rows read, rows checked, orders written.
 * Before the server has read the file (or when another instance runs it), the file is being sent.
 */
export function ImportProgressView({ progress }: { progress: ImportProgress | undefined }) {
  const { t } = useTranslation();
  const p = progress ?? null;
  let percent = 0;
  let text = t('orders.import.progressSending');
  if (p?.phase === 'reading') text = t('orders.import.progressReading');
  if (p?.phase === 'checking' || (p && p.phase !== 'reading' && p.phase !== 'writing')) {
    percent = p.rowsRead ? Math.round((100 * p.rowsChecked) / p.rowsRead) : 0;
    text = t('orders.import.progressChecked', { read: p.rowsRead, checked: p.rowsChecked });
  }
  if (p?.phase === 'writing') {
    percent = p.rowsToWrite ? Math.round((100 * p.rowsWritten) / p.rowsToWrite) : 100;
    text = t('orders.import.progressWritten', {
      read: p.rowsRead,
      checked: p.rowsChecked,
      written: p.rowsWritten,
      total: p.rowsToWrite,
    });
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-progress">
      <Progress percent={percent} status="active" aria-label={text} />
      <Typography.Text type="secondary" aria-live="polite">
        {text}
      </Typography.Text>
    </Space>
  );
}
