import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Item {
  id: number;
  label: string;
  extra?: ReactNode;
}

/** A user's lockers, groups or schedules: tags to remove, a select to add. */
export function LinkCard({
  title,
  testId,
  items,
  options,
  canManage,
  onChange,
  color,
}: {
  title: string;
  testId: string;
  items: Item[];
  options: Array<{ value: number; label: string }>;
  canManage: boolean;
  onChange: (ids: number[], on: boolean) => Promise<unknown>;
  color?: string;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const run = async (ids: number[], on: boolean) => {
    setBusy(true);
    try {
      await onChange(ids, on);
      setPicked([]);
    } catch {
      // Said once by the mutation's meta (docs/adr/0060).
    } finally {
      setBusy(false);
    }
  };
  const taken = new Set(items.map((i) => i.id));
  return (
    <Card title={title} data-testid={testId} size="small">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('office.common.none')} />
      ) : (
        <Space size={[4, 8]} wrap>
          {items.map((i) => (
            <Tag
              key={i.id}
              color={color}
              closable={canManage}
              onClose={(e) => {
                e.preventDefault();
                void run([i.id], false);
              }}
            >
              {i.label}
              {i.extra}
            </Tag>
          ))}
        </Space>
      )}
      {canManage && (
        <Space.Compact style={{ width: '100%', marginTop: 12 }}>
          <Select
            mode="multiple"
            value={picked}
            onChange={setPicked}
            style={{ width: '100%' }}
            placeholder={t('office.common.add')}
            aria-label={t('office.common.add')}
            showSearch={{ optionFilterProp: 'label' }}
            options={options.filter((o) => !taken.has(o.value))}
            data-testid={`${testId}-select`}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={picked.length === 0}
            loading={busy}
            onClick={() => void run(picked, true)}
            data-testid={`${testId}-add`}
          />
        </Space.Compact>
      )}
    </Card>
  );
}
