import { useState } from 'react';
import { Alert, Button, Card, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS } from '@cacifo/contract/schemas/orders';
import { runtimeKey } from '@/lib/i18n-keys';

/** What the server answered for a file whose columns it could not match (`missingColumns`). */
export interface UnmatchedColumns {
  headers: string[];
  /** The field each column's name matched, or null. */
  guess: Array<string | null>;
}

interface Props {
  columns: UnmatchedColumns;
  busy: boolean;
  /** One field or '' per column of the file, in order. */
  onApply: (mapping: string[]) => void;
}

/**
 * The mapping step of the import: the file's columns, each with the field it holds, chosen by the
 * person when the names were not recognised. Required fields still unmapped are named.
 */
export function ImportMapping({ columns, busy, onApply }: Props) {
  const { t } = useTranslation();
  const [mapping, setMapping] = useState<string[]>(() => columns.guess.map((g) => g ?? ''));
  const field = (f: string) => t(runtimeKey(`orders.fields.${f}`), { defaultValue: f });
  const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !mapping.includes(f));
  const choose = (col: number, value: string) =>
    setMapping((m) => m.map((v, i) => (i === col ? value : v === value && value !== '' ? '' : v)));

  const rows = columns.headers.map((header, col) => ({ col, header }));
  return (
    <Card title={t('orders.import.mapTitle')} data-testid="import-mapping">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('orders.import.mapHint')}</Typography.Text>
        <Table
          rowKey="col"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: t('orders.import.mapColumn'),
              render: (_: unknown, r) =>
                r.header || (
                  <Typography.Text type="secondary">
                    {t('orders.import.unnamedColumn', { n: r.col + 1 })}
                  </Typography.Text>
                ),
            },
            {
              title: t('orders.import.mapField'),
              width: 280,
              render: (_: unknown, r) => (
                <Select
                  style={{ width: '100%' }}
                  value={mapping[r.col] ?? ''}
                  onChange={(v: string) => choose(r.col, v)}
                  data-testid={`import-map-${r.col}`}
                  aria-label={`${t('orders.import.mapField')}: ${r.header || r.col + 1}`}
                  options={[
                    { value: '', label: t('orders.import.ignoreColumn') },
                    ...IMPORT_FIELDS.map((f) => ({ value: f, label: field(f) })),
                  ]}
                />
              ),
            },
          ]}
        />
        {missing.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('orders.import.mapMissing', { missing: missing.map(field).join(', ') })}
          />
        )}
        <Button
          type="primary"
          disabled={missing.length > 0 || busy}
          loading={busy}
          onClick={() => onApply(mapping)}
          data-testid="import-map-apply"
        >
          {t('orders.import.mapApply')}
        </Button>
      </Space>
    </Card>
  );
}
