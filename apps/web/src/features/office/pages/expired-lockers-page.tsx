import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { ClockCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/pt';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXTENSION_HOURS } from '@cacifo/contract/codes/office';
import type { ExtendLockerRequest, OfficeLocker } from '@cacifo/contract/schemas/office';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useExtendLocker } from '../api/extend-locker';
import { useExpiredLockers } from '../api/get-expired-lockers';
import { useReleaseLocker } from '../api/release-locker';
import { useCan } from '../components/use-can-manage';

dayjs.extend(relativeTime);

/** /expired-lockers: office lockers past their time; extend (1-5 h, minutes, end of today) or release (PIN). */
export default function ExpiredLockersPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const canManage = useCan();
  const expired = useExpiredLockers();
  const extend = useExtendLocker();
  const release = useReleaseLocker();
  const [minutesFor, setMinutesFor] = useState<OfficeLocker | null>(null);
  const [minutes, setMinutes] = useState<number | null>(30);
  const [releaseFor, setReleaseFor] = useState<OfficeLocker | null>(null);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);

  const doExtend = async (req: ExtendLockerRequest) => {
    try {
      await extend.mutateAsync(req);
      void message.success(t('office.expired.extended'));
      setMinutesFor(null);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const doRelease = async () => {
    if (!releaseFor) return;
    try {
      await release.mutateAsync({ lockerId: releaseFor.id, pin });
      void message.success(t('office.expired.released'));
      setReleaseFor(null);
      setPin('');
    } catch (e) {
      setPinError(errorMessage(e));
    }
  };

  const columns: TableColumnsType<OfficeLocker> = [
    { title: t('office.users.location'), dataIndex: 'placeName' },
    {
      title: t('office.activity.door'),
      dataIndex: 'doorNumber',
      render: (v: number, l) => `#${v} (${l.size})`,
    },
    {
      title: t('office.users.title'),
      key: 'users',
      render: (_: unknown, l) => (
        <Space size={4} wrap>
          {l.locker_users.map((u) => (
            <Link key={u.id} to={`/office-users/details/${u.id}`}>
              <Tag>{u.name}</Tag>
            </Link>
          ))}
        </Space>
      ),
    },
    {
      title: t('office.expired.expiredAt'),
      dataIndex: 'expiration_date_time',
      render: (v: string) => (
        <Space orientation="vertical" size={0}>
          <Tag color="red">
            {dayjs(v)
              .locale(i18n.language === 'pt' ? 'pt' : 'en')
              .fromNow()}
          </Tag>
          <span className="cell-secondary">{dayjs(v).format('YYYY-MM-DD HH:mm')}</span>
        </Space>
      ),
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            render: (_: unknown, l: OfficeLocker) => (
              <Space wrap>
                <Dropdown
                  menu={{
                    items: [
                      ...EXTENSION_HOURS.map((h) => ({
                        key: `h${h}`,
                        label: t('office.expired.hours', { count: h }),
                      })),
                      { key: 'minutes', label: t('office.expired.minutes') },
                      { key: 'eod', label: t('office.expired.endOfToday') },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'minutes') setMinutesFor(l);
                      else if (key === 'eod') void doExtend({ lockerId: l.id, untilEndOfToday: true });
                      else void doExtend({ lockerId: l.id, hours: Number(key.slice(1)) });
                    },
                  }}
                >
                  <Button icon={<ClockCircleOutlined />} data-testid={`extend-${l.id}`}>
                    {t('office.expired.extend')}
                  </Button>
                </Dropdown>
                <Button
                  danger
                  icon={<UnlockOutlined />}
                  onClick={() => {
                    setReleaseFor(l);
                    setPinError(null);
                  }}
                  data-testid={`release-${l.id}`}
                >
                  {t('office.expired.release')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader routeId="expiredLockers" />
      <Card>
        {expired.isError && (
          <Alert type="error" showIcon title={errorMessage(expired.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<OfficeLocker>
          rowKey="id"
          columns={columns}
          dataSource={expired.data ?? []}
          loading={expired.isLoading}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('office.expired.empty') }}
          pagination={false}
        />
      </Card>
      <Modal
        open={!!minutesFor}
        title={t('office.expired.minutes')}
        onCancel={() => setMinutesFor(null)}
        okText={t('office.expired.extend')}
        cancelText={t('office.common.cancel')}
        confirmLoading={extend.isPending}
        okButtonProps={{ disabled: !minutes }}
        onOk={() => minutesFor && minutes && void doExtend({ lockerId: minutesFor.id, minutes })}
      >
        <InputNumber
          min={1}
          max={1440}
          value={minutes}
          onChange={setMinutes}
          addonAfter="min"
          style={{ width: 200 }}
        />
      </Modal>
      <Modal
        open={!!releaseFor}
        title={t('office.expired.releaseTitle', { door: releaseFor?.doorNumber ?? '' })}
        onCancel={() => setReleaseFor(null)}
        okText={t('office.expired.release')}
        okButtonProps={{ danger: true, disabled: pin.length !== 4 }}
        cancelText={t('office.common.cancel')}
        confirmLoading={release.isPending}
        onOk={() => void doRelease()}
      >
        <p>{t('office.expired.releaseText')}</p>
        <Form.Item
          label={t('office.expired.adminPin')}
          validateStatus={pinError ? 'error' : undefined}
          help={pinError}
        >
          <Input.Password
            maxLength={4}
            inputMode="numeric"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            style={{ width: 160 }}
          />
        </Form.Item>
      </Modal>
    </>
  );
}
