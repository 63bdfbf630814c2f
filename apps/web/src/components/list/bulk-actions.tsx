import { useRef, useState, type ReactNode } from 'react';
import { App, Button, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkResult } from '@cacifo/contract/lists';
import { errorMessage, errorText } from '@/lib/api-client';
import { useCountText } from '@/lib/list/count-text';

export interface BulkAction {
  key: string;
  label: string;
  danger?: boolean;
  disabled?: boolean;
  /** The one confirmation, given how many rows are selected. */
  confirm: (count: number) => string;
  run: (ids: number[]) => Promise<BulkResult>;
}

interface Props {
  selected: readonly number[];
  onDone: () => void;
  actions: BulkAction[];
  /** How the report names a row (its package id, its name), under the column `rowTitle`. */
  rowLabel: (id: number) => string;
  rowTitle: string;
  countKey: string;
  testId: string;
  /** Beside the buttons: what an action needs chosen first (a group). */
  extra?: ReactNode;
}

/**
 * The bar of a list's bulk actions, shown once rows are selected: one confirmation for the whole
 * selection, one request, then a report of every row (done, or why not, in the words the single
 * action would use). The button waits while the request runs; a second click does nothing.
 */
export function BulkActions(props: Props) {
  const { selected, onDone, actions, rowLabel, rowTitle, countKey, testId, extra } = props;
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const countText = useCountText();
  const [running, setRunning] = useState<string | null>(null);
  const busy = useRef(false);

  if (selected.length === 0) return null;

  const report = (action: BulkAction, result: BulkResult) =>
    modal.info({
      title: t('list.bulk.report', { done: result.succeeded, failed: result.failed }),
      width: 560,
      content: (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ y: 320 }}
          data-testid={`${testId}-report`}
          dataSource={result.results}
          columns={[
            { title: rowTitle, dataIndex: 'id', render: (id: number) => rowLabel(id) },
            {
              title: t('list.bulk.outcome'),
              dataIndex: 'ok',
              render: (ok: boolean, r) =>
                ok ? (
                  <Tag color="success">{t('list.bulk.ok')}</Tag>
                ) : (
                  <Typography.Text type="danger">{errorText(r.code ?? 'internalError')}</Typography.Text>
                ),
            },
          ]}
        />
      ),
    });

  const start = (action: BulkAction) => {
    if (busy.current) return;
    const ids = [...selected];
    modal.confirm({
      title: action.confirm(ids.length),
      okText: action.label,
      okButtonProps: { danger: action.danger, 'data-testid': `${testId}-confirm` } as ButtonProps,
      cancelText: t('list.bulk.cancel'),
      // Returning the promise keeps the OK button loading until the request ends.
      onOk: async () => {
        busy.current = true;
        setRunning(action.key);
        try {
          const result = await action.run(ids);
          onDone();
          report(action, result);
        } catch (error) {
          modal.error({ title: action.label, content: errorMessage(error) });
        } finally {
          busy.current = false;
          setRunning(null);
        }
      },
    });
  };

  return (
    <Space wrap className="list-bulk-bar" data-testid={testId}>
      <Typography.Text strong>
        {t('list.bulk.selected', { rows: countText(countKey, selected.length) })}
      </Typography.Text>
      {extra}
      {actions.map((a) => (
        <Button
          key={a.key}
          danger={a.danger}
          disabled={a.disabled || (running !== null && running !== a.key)}
          loading={running === a.key}
          onClick={() => start(a)}
          data-testid={`${testId}-${a.key}`}
        >
          {a.label}
        </Button>
      ))}
      <Button type="link" onClick={onDone} disabled={running !== null}>
        {t('list.bulk.clear')}
      </Button>
    </Space>
  );
}
