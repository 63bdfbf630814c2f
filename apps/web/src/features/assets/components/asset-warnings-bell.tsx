import { Badge, Button, Empty, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { useFeatures } from '@/lib/health';
import { useSession } from '@/lib/session';
import { useAssetWarnings } from '../api/get-asset-warnings';
import { assetQueryOptions } from '../api/get-assets';
import './assets.css';
import { pathTo } from '@cacifo/contract/route-paths';

/**
 * The navbar bell (SPEC §6, §9): asset warnings for admins, when the deployment's `assetWarnings`
 * flag is on; polled every 15 s; each warning links to its asset.
 */
export function AssetWarningsBell() {
  const { t } = useTranslation();
  const session = useSession();
  const features = useFeatures();
  const allowed =
    !!session && can(session.userRole, 'assets.warnings', session.modules) && features.assetWarnings;
  const warnings = useAssetWarnings(allowed);
  const queryClient = useQueryClient();
  if (!allowed) return null;
  const list = warnings.data ?? [];
  const content = (
    <div className="asset-bell-list" data-testid="asset-bell-list">
      {warnings.isError ? (
        <Typography.Text type="danger" data-testid="asset-bell-error">
          {t('assets.bell.error')}
        </Typography.Text>
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assets.bell.empty')} />
      ) : (
        list.map((w) => (
          <Link
            key={w.assetId}
            to={pathTo('assetDetails', { id: w.assetId })}
            className="asset-bell-item"
            onClick={() =>
              void queryClient.invalidateQueries({ queryKey: assetQueryOptions(w.assetId).queryKey })
            }
            data-testid={`asset-bell-item-${w.assetId}`}
          >
            <strong>{w.assetName}</strong>
            <span>
              {' '}
              —{' '}
              {t(
                w.kind === 'shouldBeDetected'
                  ? 'assets.warning.shouldBeDetected'
                  : 'assets.warning.shouldBeUndetected',
              )}
            </span>
            <small>
              {w.placeName
                ? t('assets.bell.where', { place: w.placeName, door: w.doorNumber })
                : t('assets.bell.noLocker')}{' '}
              · {w.tag}
            </small>
          </Link>
        ))
      )}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('assets.bell.title')} content={content}>
      <Badge count={warnings.isError ? '!' : list.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={t('assets.bell.title')}
          data-testid="asset-bell"
        />
      </Badge>
    </Popover>
  );
}
