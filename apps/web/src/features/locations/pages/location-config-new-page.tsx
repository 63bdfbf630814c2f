import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCKER_SIZE, PLACE_TYPE, placeType } from '@cacifo/contract/codes/locker';
import type { PlaceInput } from '@cacifo/contract/schemas/locations';
import { locationSchemas } from '@/lib/contract-schemas';
import { inRange, NumberInRange } from '@/components/number-in-range';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/form-submit';
import { useLockersByPlace } from '@/lib/queries/locations';
import { useSavePlace } from '../api/save-place';
import { recheckOnChange, validateWith } from '@/lib/zod-form';
import { pathTo } from '@cacifo/contract/route-paths';

type LockerRow = PlaceInput['lockers'][number];
type PlaceFields = Omit<PlaceInput, 'lockers'>;
const SIZES = Object.values(LOCKER_SIZE);
const MAX_LOCKERS = 500;
const DOOR_NUMBER_MAX = 999;

/** Adds `count` lockers after the highest door number, all of one size. */
export function generateLockers(existing: LockerRow[], count: number, size: string): LockerRow[] {
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

/** /locations/config/new (and ?id= to edit): a location and its lockers, checked with the contract schema. */
export default function LocationConfigNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || null;
  const existing = useLockersByPlace(editId ?? 0);
  const [form] = Form.useForm<PlaceFields>();
  const [lockers, setLockers] = useState<LockerRow[]>([]);
  const [lockerErrors, setLockerErrors] = useState<string[]>([]);
  const [genCount, setGenCount] = useState<number | null>(12);
  const [genSize, setGenSize] = useState<string>('M');
  const save = useSavePlace();

  const loaded = existing.data;
  // The fields are filled once per location: the lockers query refetches on every locker change
  // (realtime), and refilling then would overwrite what is being typed. The version sent on save
  // is the one the fields were filled from, so a change made meanwhile elsewhere is a conflict.
  const [filled, setFilled] = useState<{ id: number; updatedAt: string } | null>(null);
  useEffect(() => {
    if (!loaded || !editId || filled?.id === editId) return;
    form.setFieldsValue({
      name: loaded.Place.name,
      type: loaded.Place.type,
      systemType: loaded.Place.systemType,
      address: loaded.Place.address,
      exteriorDoor: loaded.Place.exteriorDoor,
    });
    setLockers(
      [...loaded.Lockers]
        .sort((a, b) => a.doorNumber - b.doorNumber)
        .map((l) => ({ doorNumber: l.doorNumber, size: l.size, accessibility: l.accessibility })),
    );
    setFilled({ id: editId, updatedAt: loaded.Place.updatedAt });
  }, [loaded, form, editId, filled]);

  const patch = (index: number, change: Partial<LockerRow>) =>
    setLockers((rows) => rows.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const { run: submit, pending } = useSingleFlight(async () => {
    const values = { ...form.getFieldsValue(true), lockers } as PlaceInput;
    const tr = (k: string) => t(k as 'validation.required');
    const { placeInputSchema } = await locationSchemas();
    const parsed = validateWith(form, placeInputSchema, values, tr);
    const result = placeInputSchema.safeParse(values);
    setLockerErrors(
      result.success
        ? []
        : [...new Set(result.error.issues.filter((i) => i.path[0] === 'lockers').map((i) => tr(i.message)))],
    );
    if (!parsed) return;
    try {
      const { Place } = await save.mutateAsync({
        id: editId,
        place: parsed,
        // The version the fields were filled from (above).
        ...(filled ? { updatedAt: filled.updatedAt } : {}),
      });
      void navigate(pathTo('locationDetails', { id: Place.id }));
    } catch (e) {
      // Said by the mutation's meta; a refused locker list is also shown under the lockers.
      if (e instanceof ApiError && e.code === 'invalidInput') setLockerErrors([errorMessage(e)]);
    }
  });

  const duplicates = useMemo(() => {
    const seen = new Map<number, number>();
    for (const l of lockers) seen.set(l.doorNumber, (seen.get(l.doorNumber) ?? 0) + 1);
    return new Set([...seen].filter(([, n]) => n > 1).map(([d]) => d));
  }, [lockers]);

  const columns: TableColumnsType<LockerRow & { index: number }> = [
    {
      title: t('locations.form.doorNumber'),
      dataIndex: 'doorNumber',
      width: 140,
      render: (v: number, r) => (
        <InputNumber
          value={v}
          status={duplicates.has(v) || !inRange(v, 1, DOOR_NUMBER_MAX) ? 'error' : undefined}
          onChange={(n) => patch(r.index, { doorNumber: typeof n === 'number' ? n : 0 })}
          aria-label={t('locations.form.doorNumber')}
          aria-invalid={duplicates.has(v) || !inRange(v, 1, DOOR_NUMBER_MAX) || undefined}
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

  if (editId && existing.isLoading) return <Skeleton active />;
  if (editId && existing.isError) return <Alert type="error" showIcon title={errorMessage(existing.error)} />;

  return (
    <>
      <PageHeader routeId="locationConfigNew" {...(editId ? { title: t('locations.form.editTitle') } : {})} />
      <Form
        form={form}
        onValuesChange={recheckOnChange(form)}
        layout="vertical"
        initialValues={{
          name: '',
          type: PLACE_TYPE.OFFICE,
          systemType: 'locker',
          address: null,
          exteriorDoor: false,
        }}
        onFinish={() => void submit()}
        requiredMark={false}
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card title={editId ? t('locations.form.editTitle') : t('locations.form.newTitle')}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="name" label={t('locations.form.name')}>
                  <Input maxLength={100} data-testid="place-name-input" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="type" label={t('locations.list.type')}>
                  <Select
                    options={Object.values(PLACE_TYPE).map((v) => ({
                      value: v,
                      label: t(placeType.labelKey(v) as 'placeType.OFFICE'),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  name="systemType"
                  label={t('locations.form.systemType')}
                  extra={t('locations.form.systemTypeHelp')}
                >
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item
                  name="address"
                  label={t('locations.form.address')}
                  normalize={(v: string) => (v?.trim() ? v : null)}
                >
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item
                  name="exteriorDoor"
                  valuePropName="checked"
                  extra={t('locations.form.exteriorDoorHint')}
                >
                  <Checkbox data-testid="place-exterior-door">{t('locations.form.exteriorDoor')}</Checkbox>
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card
            title={t('locations.form.lockers', { count: lockers.length })}
            extra={
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
                    inRange(genCount, 1, MAX_LOCKERS) &&
                    setLockers((rows) => generateLockers(rows, genCount, genSize))
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
            }
          >
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
          <Space>
            <Button onClick={() => void navigate(editId ? `/locations/${editId}` : '/locations')}>
              {t('locations.common.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={pending} data-testid="save-place">
              {t('locations.common.save')}
            </Button>
          </Space>
        </Space>
      </Form>
    </>
  );
}
