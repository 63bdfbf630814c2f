import { Button, Popconfirm, type ButtonProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Runs the delete (the mutation's `mutateAsync`); its meta says the outcome (docs/adr/0060). */
  onDelete: () => Promise<unknown>;
  /** What goes: named in the question ("Delete SUMMER-10?"); a generic question without it. */
  name?: string | undefined;
  /** A sentence under the question: what else goes with it. */
  detail?: string | undefined;
  /** The row's delete is running (the button waits, a second click does nothing). */
  pending?: boolean;
  disabled?: boolean;
  /** Shown beside the icon; icon only (with the label as its accessible name) when false. */
  showLabel?: boolean;
  size?: ButtonProps['size'];
  testId?: string;
}

/**
 * The delete of a list's row, the same on every list (issue #22): one question naming what goes,
 * a danger button, and the button loading until the request ends. Failure and success are said by
 * the mutation's meta, so the confirmation only waits and swallows the rejection.
 */
export function DeleteButton({ onDelete, name, detail, pending, disabled, showLabel, size, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={name ? t('list.delete.title', { name }) : t('list.delete.titleAny')}
      description={detail ?? t('list.delete.undone')}
      okText={t('list.delete.ok')}
      cancelText={t('list.delete.cancel')}
      okButtonProps={{ danger: true, 'data-testid': testId ? `${testId}-ok` : undefined } as ButtonProps}
      disabled={disabled || pending}
      // Returning the promise keeps the OK button loading until the request ends.
      onConfirm={() => onDelete().catch(() => undefined)}
    >
      <Button
        danger
        size={size}
        icon={<DeleteOutlined />}
        loading={pending}
        disabled={disabled}
        aria-label={t('list.delete.ok')}
        data-testid={testId}
      >
        {showLabel ? t('list.delete.ok') : null}
      </Button>
    </Popconfirm>
  );
}
