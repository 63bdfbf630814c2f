import { Tag, Tooltip } from 'antd';
import {
  BookOutlined,
  CameraOutlined,
  CarOutlined,
  CodeSandboxOutlined,
  CustomerServiceOutlined,
  KeyOutlined,
  LaptopOutlined,
  MedicineBoxOutlined,
  MobileOutlined,
  PrinterOutlined,
  TabletOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ComponentType } from 'react';
import { DATE_TIME_OPTIONS } from '@cacifo/contract/dates';
import { assetLogAction, assetStatus, tagStatus, type AssetStatus } from '@cacifo/contract/codes/asset';
import type { AssetCategoryIcon } from '@cacifo/contract/schemas/assets';

/** The icon set a category may use; names are the contract's ASSET_CATEGORY_ICONS. */
export const CATEGORY_ICONS: Record<AssetCategoryIcon, ComponentType> = {
  laptop: LaptopOutlined,
  tablet: TabletOutlined,
  mobile: MobileOutlined,
  camera: CameraOutlined,
  tool: ToolOutlined,
  key: KeyOutlined,
  car: CarOutlined,
  book: BookOutlined,
  medicine: MedicineBoxOutlined,
  box: CodeSandboxOutlined,
  headphones: CustomerServiceOutlined,
  printer: PrinterOutlined,
};

export function CategoryIcon({ icon }: { icon: string }) {
  const Icon = CATEGORY_ICONS[icon as AssetCategoryIcon] ?? CodeSandboxOutlined;
  return <Icon />;
}

const STATUS_COLOURS: Record<AssetStatus, string> = {
  1: 'default',
  2: 'processing',
  3: 'warning',
  4: 'success',
  5: 'warning',
  6: 'blue',
  7: 'default',
};

export function AssetStatusTag({ status }: { status: AssetStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="asset-status">
      {assetStatus.has(status) ? t(assetStatus.labelKey(status)) : status}
    </Tag>
  );
}

export function TagStatusTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={value === 1 ? 'green' : 'default'} data-testid="tag-status">
      {tagStatus.has(value) ? t(tagStatus.labelKey(value)) : value}
    </Tag>
  );
}

export function useLogActionLabel() {
  const { t } = useTranslation();
  return (action: number) =>
    assetLogAction.has(action) ? t(assetLogAction.labelKey(action)) : String(action);
}

export function WarningTag({ kind }: { kind: string | null }) {
  const { t } = useTranslation();
  if (!kind) return null;
  return (
    <Tooltip
      title={t(
        kind === 'shouldBeDetected'
          ? 'assets.warning.shouldBeDetectedHelp'
          : 'assets.warning.shouldBeUndetectedHelp',
      )}
    >
      <Tag color="error" data-testid="asset-warning">
        {t(
          kind === 'shouldBeDetected'
            ? 'assets.warning.shouldBeDetected'
            : 'assets.warning.shouldBeUndetected',
        )}
      </Tag>
    </Tooltip>
  );
}

/** Date and time in the user's language. */
export function formatDateTime(iso: string | null | undefined, lng: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(lng === 'pt' ? 'pt-PT' : 'en-GB', DATE_TIME_OPTIONS).format(new Date(iso));
}
