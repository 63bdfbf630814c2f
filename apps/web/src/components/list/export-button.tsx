import { useRef, useState } from 'react';
import { Button, Dropdown, Progress, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CallInput, Endpoint } from '@cacifo/contract/endpoint';
import { EXPORT_FORMATS, type ExportFormat } from '@cacifo/contract/lists';
import { downloadEndpoint, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/feedback';
import { saveFile } from '@/lib/save-file';
import { useCountText } from '@/lib/list/count-text';

interface Props<E extends Endpoint> {
  /** The list's export endpoint (`reply: null`, takes the list's filters plus format and language). */
  endpoint: E;
  /** The list's filters and sort as they stand (the list state's `filterQuery`). */
  filters: Record<string, unknown>;
  /** Rows the list counts now, said while the file comes (a lower bound for a large search). */
  total: number | undefined;
  countKey: string;
  testId: string;
}

const mb = (bytes: number, lng: string) =>
  new Intl.NumberFormat(lng, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
    bytes / 1_048_576,
  );

/**
 * "Export" with a choice of .xlsx or .csv: the server writes the current filtered list in its
 * sort order (streamed), and a notification shows the bytes received until the file is saved,
 * with a button to stop it. One export at a time per list.
 */
export function ExportButton<E extends Endpoint>({ endpoint, filters, total, countKey, testId }: Props<E>) {
  const { t, i18n } = useTranslation();
  const countText = useCountText();
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const lng = i18n.resolvedLanguage ?? 'pt';

  const run = async (format: ExportFormat) => {
    if (abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    const key = `export-${testId}`;
    const rows = total === undefined ? '' : countText(countKey, total);
    // A download's progress (a read, not a mutation), updated in place under one key.
    const show = (bytes: number) =>
      notify({
        key,
        duration: 0,
        title: t('list.export.running', { rows }),
        description: (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid={`${testId}-progress`}>
            <Progress percent={100} status="active" showInfo={false} size="small" />
            <span>{t('list.export.received', { size: mb(bytes, lng) })}</span>
            <Button size="small" onClick={() => controller.abort()}>
              {t('list.export.stop')}
            </Button>
          </Space>
        ),
      });
    show(0);
    let last = 0;
    try {
      const file = await downloadEndpoint(
        endpoint,
        { query: { ...filters, format, language: lng === 'en' ? 'en' : 'pt' } } as CallInput<E>,
        {
          signal: controller.signal,
          // Redrawn every 256 KB, not on every network chunk.
          onProgress: (bytes) => {
            if (bytes - last < 262_144) return;
            last = bytes;
            show(bytes);
          },
        },
      );
      saveFile(file.blob, file.fileName);
      notify({ type: 'success', key, title: t('list.export.done', { file: file.fileName }), duration: 4 });
    } catch (error) {
      if (controller.signal.aborted)
        notify({ type: 'info', key, title: t('list.export.stopped'), duration: 3 });
      else notify({ type: 'error', key, title: t('list.export.failed'), description: errorMessage(error) });
    } finally {
      abort.current = null;
      setRunning(false);
    }
  };

  return (
    <Dropdown
      disabled={running}
      // Click only: with hover as well, the pointer's arrival opened the menu and the click that
      // followed closed it again, so a quick "Export, then CSV" sometimes chose nothing.
      trigger={['click']}
      menu={{
        items: EXPORT_FORMATS.map((f) => ({
          key: f,
          label: <span data-testid={`${testId}-${f}`}>{t(`list.export.${f}`)}</span>,
        })),
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={running} data-testid={testId}>
        {t('list.export.button')}
      </Button>
    </Dropdown>
  );
}
