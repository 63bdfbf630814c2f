import { Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@cacifo/contract/schemas/assets';
import { AssetStatusTag, CategoryIcon, formatDateTime, TagStatusTag, WarningTag } from './asset-labels';

/** The asset page's summary: tag, status, reader, container, size, dates, categories, description. */
export function AssetSummaryCard({ asset: a }: { asset: Asset }) {
  const { t, i18n } = useTranslation();
  return (
    <Card style={{ marginBottom: 16 }} data-testid="asset-summary">
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" title={a.name}>
        <Descriptions.Item label={t('assets.fields.tag')}>
          <code>{a.tag}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.status')}>
          <Space size={4}>
            <AssetStatusTag status={a.status} />
            {a.enabled === 0 && <Tag>{t('assets.common.disabled')}</Tag>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.tagStatus')}>
          <Space size={4}>
            <TagStatusTag value={a.tagStatus} />
            <WarningTag kind={a.warning} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.container')}>{a.container ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.size')}>{a.size ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.isRandomLocker')}>
          {t(a.isRandomLocker ? 'assets.common.yes' : 'assets.common.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.createdAt')}>
          {formatDateTime(a.createdAt, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.statusChangeAt')}>
          {formatDateTime(a.statusChangeAt, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.tagStatusChangeAt')}>
          {formatDateTime(a.tagStatusChangeAt, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.categories')} span={2}>
          {a.categories.length
            ? a.categories.map((c) => (
                <Tag key={c.id} icon={<CategoryIcon icon={c.icon} />}>
                  {c.name} · {c.size}
                </Tag>
              ))
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.fields.description')}>{a.description || '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
