import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCKER_SIZE } from '@cacifo/contract/codes/locker';
import { DOOR_NUMBER_MAX } from '@cacifo/contract/limits';
import { inRange, NumberInRange } from '@/components/number-in-range';
import type { LockerRow, PlaceFormState } from './use-place-form';

const SIZES = Object.values(LOCKER_SIZE);
const MAX_LOCKERS = 500;

/** Adds `count` lockers after the highest door number, all of one size. */
function generateLockers(existing: LockerRow[], count: number, size: string): LockerRow[] {
  const start = existing.reduce((m, l) => Math.max(m, l.doorNumber), 0) + 1;
  const room = Math.max(0, MAX_LOCKERS - existing.length);
  return [
    ...existing,
    ...Array.from({ length: Math.min(count, room) }, (_, i) => ({
      doorNumber: start + i,
      size,
      accessibility: false,
    })),
  ];
}

/** The location's lockers: generated in runs of one size, then edited row by row. */
export function LockersCard({ state }: { state: PlaceFormState }) {
  const { t } = useTranslation();
  const { lockers, setLockers, patch, duplicates, lockerErrors } = state;
  const [genCount, setGenCount] = useState<number | null>(12);
  const [genSize, setGenSize] = useState<string>('M');
  const wrongDoor = (v: number) => duplicates.has(v) || !inRange(v, 1, DOOR_NUMBER_MAX);

  const columns: TableColumnsType<LockerRow & { index: number }> = [
    {
      title: t('locations.form.doorNumber'),
      dataIndex: 'doorNumber',
      width: 140,
      render: (v: number, r) => (
        <InputNumber
          value={v}
          status={wrongDoor(v) ? 'error' : undefined}
          onChange={(n) => patch(r.index, { doorNumber: typeof n === 'number' ? n : 0 })}
          aria-label={t('locations.form.doorNumber')}
          aria-invalid={wrongDoor(v) || undefined}
        />
      ),
    },
    {
      title: t('locations.form.size'),
      dataIndex: 'size',
      width: 180,
      render: (v: string, r) => (
        <Select
          value={v}
          style={{ width: 150 }}
          onChange={(s) => patch(r.index, { size: s })}
          options={SIZES.map((s) => ({ value: s, label: `${s} · ${t(`lockerSize.${s}`)}` }))}
          aria-label={t('locations.form.size')}
        />
      ),
    },
    {
      title: t('locations.form.accessibility'),
      dataIndex: 'accessibility',
      render: (v: boolean, r) => (
        <Checkbox checked={v} onChange={(e) => patch(r.index, { accessibility: e.target.checked })}>
          {t('locations.form.accessible')}
        </Checkbox>
      ),
    },
    {
      key: 'remove',
      width: 60,
      render: (_: unknown, r) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('locations.form.removeLocker')}
          onClick={() => setLockers((rows) => rows.filter((_, i) => i !== r.index))}
        />
      ),
    },
  ];

  const generate = (
    <Space wrap>
      <NumberInRange
        min={1}
        max={MAX_LOCKERS}
        value={genCount}
        onChange={setGenCount}
        label={t('locations.form.generateCount')}
        error={t('validation.lockerCount')}
        style={{ width: 90 }}
      />
      <Select
        value={genSize}
        onChange={setGenSize}
        style={{ width: 80 }}
        options={SIZES.map((s) => ({ value: s, label: s }))}
        aria-label={t('locations.form.size')}
      />
      <Button
        icon={<PlusOutlined />}
        onClick={() =>
          inRange(genCount, 1, MAX_LOCKERS) && setLockers((rows) => generateLockers(rows, genCount, genSize))
        }
        disabled={lockers.length >= MAX_LOCKERS || !inRange(genCount, 1, MAX_LOCKERS)}
        data-testid="generate-lockers"
      >
        {t('locations.form.generate')}
      </Button>
      {lockers.length > 0 && (
        <Popconfirm
          title={t('locations.form.clearConfirm')}
          onConfirm={() => setLockers([])}
          okText={t('locations.common.yes')}
          cancelText={t('locations.common.no')}
        >
          <Button danger>{t('locations.form.clear')}</Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Card title={t('locations.form.lockers', { count: lockers.length })} extra={generate}>
      {lockerErrors.length > 0 && (
        <Alert type="error" showIcon title={lockerErrors.join(' ')} style={{ marginBottom: 16 }} />
      )}
      {lockers.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('locations.form.noLockers')}</Typography.Paragraph>
      ) : (
        <Table
          rowKey="index"
          size="small"
          columns={columns}
          dataSource={lockers.map((l, index) => ({ ...l, index }))}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      )}
    </Card>
  );
}
