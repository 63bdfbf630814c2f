import { useState } from 'react';
import { Button, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { downloadEndpoint, errorMessage } from '@/lib/api-client';
import { say } from '@/lib/feedback';

type Kind = 'label' | 'slip';

/**
 * Opens an order's label or pickup slip (a PDF the server writes, docs/adr/0031) in a new tab, where
 * the browser's viewer prints it. The tab is opened on the click itself (a tab opened after the
 * download would be blocked as a pop-up) and pointed at the file when it arrives; with pop-ups
 * blocked anyway, the file is saved instead.
 */
function usePrintOrder() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<Kind | null>(null);
  const print = async (kind: Kind, orderId: number) => {
    if (busy) return;
    setBusy(kind);
    const tab = window.open('', '_blank');
    try {
      const file = await downloadEndpoint(ordersApi[kind], {
        query: { orderId, language: i18n.resolvedLanguage === 'en' ? 'en' : 'pt' },
      });
      const url = URL.createObjectURL(file.blob);
      if (tab) tab.location.href = url;
      else {
        const a = document.createElement('a');
        a.href = url;
        a.download = file.fileName;
        a.click();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      tab?.close();
      // A download, not a mutation: its failure is said here.
      say('error', errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return { print, busy, t };
}

/** "Label (PDF)" always; "Pickup slip (PDF)" when the order holds a pickup code (`slip`). */
export function PrintButtons({ orderId, slip, size }: { orderId: number; slip: boolean; size?: 'small' }) {
  const { print, busy, t } = usePrintOrder();
  return (
    <Space wrap size={4}>
      <Button
        size={size}
        icon={<PrinterOutlined />}
        loading={busy === 'label'}
        onClick={() => void print('label', orderId)}
        data-testid="print-label"
      >
        {t('orders.print.label')}
      </Button>
      {slip && (
        <Button
          size={size}
          icon={<PrinterOutlined />}
          loading={busy === 'slip'}
          onClick={() => void print('slip', orderId)}
          data-testid="print-slip"
        >
          {t('orders.print.slip')}
        </Button>
      )}
    </Space>
  );
}
