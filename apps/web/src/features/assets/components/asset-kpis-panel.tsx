import { Alert, Card, Col, Empty, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AssetKpis } from '@cacifo/contract/schemas/assets';
import { errorMessage } from '@/lib/api-client';
import { useAssetKpis } from '../api/get-asset-kpis';

type WindowKey = 'last15Days' | 'last30Days' | 'last365Days';

/** KPIs of one asset: figures per window, the 30-day comparison and uses per person. */
export function AssetKpisPanel({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const kpis = useAssetKpis(assetId);
  const [win, setWin] = useState<WindowKey>('last30Days');
  if (kpis.isLoading) return <Skeleton active />;
  if (kpis.isError) return <Alert type="error" showIcon message={errorMessage(kpis.error)} />;
  const k = kpis.data as AssetKpis;
  const w = k[win];
  // The two 30-day series share an axis: day 1 is the oldest day of each.
  const daily = k.dailyUses.current.map((d, i) => ({
    day: i + 1,
    date: d.date,
    current: d.uses,
    previous: k.dailyUses.previous[i]?.uses ?? 0,
  }));
  return (
    <div data-testid="asset-kpis">
      <Segmented<WindowKey>
        value={win}
        onChange={setWin}
        options={[
          { value: 'last15Days', label: t('assets.kpis.last15Days') },
          { value: 'last30Days', label: t('assets.kpis.last30Days') },
          { value: 'last365Days', label: t('assets.kpis.last365Days') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('assets.kpis.totalUses')} value={w.totalUses} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('assets.kpis.averageDailyUses')} value={w.averageDailyUses} precision={2} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('assets.kpis.usesPerUser')} value={w.usesPerUser} precision={2} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('assets.kpis.allTime')} value={k.totalUses} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('assets.kpis.dailyTitle')}>
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={daily} margin={{ top: 8, right: 16, left: -16, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip labelFormatter={(d) => t('assets.kpis.dayN', { n: d })} />
                <Legend />
                <Bar dataKey="previous" name={t('assets.kpis.previous30')} fill="#d9d9d9" />
                <Bar dataKey="current" name={t('assets.kpis.current30')} fill="#1677ff" />
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('assets.kpis.perUserTitle')}>
            {w.users.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assets.kpis.noUses')} />
            ) : (
              <ResponsiveContainer width="100%" height={240}>
                <BarChart
                  data={w.users.slice(0, 10)}
                  layout="vertical"
                  margin={{ top: 8, right: 16, left: 16, bottom: 0 }}
                >
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="name" width={110} />
                  <Tooltip />
                  <Bar dataKey="uses" name={t('assets.kpis.uses')} fill="#52c41a" />
                </BarChart>
              </ResponsiveContainer>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
