import { Button, Popconfirm, Space } from 'antd';
import { EditOutlined, ExportOutlined, ImportOutlined, PoweroffOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSET_STATUS } from '@cacifo/contract/codes/asset';
import type { Asset } from '@cacifo/contract/schemas/assets';
import { pathTo } from '@cacifo/contract/route-paths';
import { DeleteButton } from '@/components/list/delete-button';
import { useSingleFlight } from '@/lib/form-submit';
import { useDeleteAsset, useOpenAssetDoor, useSetAssetEnabled } from '../api/save-asset';

/** The asset page's actions for a manager: edit, open its door, enable or disable, delete. */
export function AssetActions({
  asset: a,
  onEdit,
  onStore,
}: {
  asset: Asset;
  onEdit: () => void;
  onStore: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setEnabled = useSetAssetEnabled();
  const openDoor = useOpenAssetDoor();
  const remove = useDeleteAsset();
  // A button outside a confirmation sends once however fast the clicks (the loading shows after a render).
  const enable = useSingleFlight((assetId: number) => setEnabled.mutateAsync({ assetId, enabled: true }));
  // What each action says is its mutation's meta; the promise keeps a confirmation loading.
  const run = (p: Promise<unknown>) => p.catch(() => undefined);
  // While open for retrieval the door can be opened again; the same for storage.
  const stored = a.status === ASSET_STATUS.STORED || a.status === ASSET_STATUS.OPEN_FOR_RETRIEVAL;
  return (
    <Space wrap>
      <Button icon={<EditOutlined />} onClick={onEdit}>
        {t('assets.details.edit')}
      </Button>
      {stored ? (
        <Popconfirm
          title={t('assets.details.openRetrievalConfirm')}
          okText={t('assets.common.yes')}
          cancelText={t('assets.common.no')}
          onConfirm={() => run(openDoor.mutateAsync({ assetId: a.id, purpose: 'retrieval' }))}
        >
          <Button
            icon={<ExportOutlined />}
            disabled={a.enabled === 0}
            loading={openDoor.isPending}
            data-testid="open-retrieval"
          >
            {t('assets.details.openRetrieval')}
          </Button>
        </Popconfirm>
      ) : (
        <Button
          icon={<ImportOutlined />}
          disabled={a.enabled === 0}
          onClick={onStore}
          data-testid="open-storage"
        >
          {t('assets.details.openStorage')}
        </Button>
      )}
      {a.enabled === 0 ? (
        <Button
          icon={<PoweroffOutlined />}
          loading={setEnabled.isPending}
          onClick={() => void enable.run(a.id)}
          data-testid="toggle-enabled"
        >
          {t('assets.details.enable')}
        </Button>
      ) : (
        // Disabling stops every storage and retrieval, the kiosk's too: asked first.
        <Popconfirm
          title={t('assets.details.disableConfirm', { name: a.name })}
          description={t('assets.details.disableHelp')}
          okText={t('assets.details.disable')}
          cancelText={t('assets.common.no')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(setEnabled.mutateAsync({ assetId: a.id, enabled: false }))}
        >
          <Button icon={<PoweroffOutlined />} loading={setEnabled.isPending} data-testid="toggle-enabled">
            {t('assets.details.disable')}
          </Button>
        </Popconfirm>
      )}
      <DeleteButton
        name={a.name}
        detail={t('assets.details.deleteDetail')}
        showLabel
        onDelete={() => remove.mutateAsync(a.id).then(() => navigate(pathTo('assets')))}
        pending={remove.isPending}
        testId="asset-delete"
      />
    </Space>
  );
}
