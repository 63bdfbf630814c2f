import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BulkActions } from '@/components/list/bulk-actions';
import { useCountText } from '@/lib/list/count-text';
import type { UsersPage } from './use-users-page';

/** Enable, disable or add to a group the selected users, with one confirmation and a report. */
export function UsersBulkActions({ page }: { page: UsersPage }) {
  const { t } = useTranslation();
  const countText = useCountText();
  const [group, setGroup] = useState<number | undefined>();
  const { bulk, groups, selected, setSelected, users } = page;
  const names = new Map((users.data?.users ?? []).map((u) => [u.id, u.name]));
  const groupName = groups.find((g) => g.id === group)?.name ?? '';
  const rows = (n: number) => countText('office.users.count', n);
  return (
    <BulkActions
      selected={selected}
      onDone={() => setSelected([])}
      rowLabel={(id) => names.get(id) ?? `#${id}`}
      rowTitle={t('office.fields.name')}
      countKey="office.users.count"
      testId="users-bulk"
      extra={
        <Select
          allowClear
          size="middle"
          aria-label={t('office.users.bulk.chooseGroup')}
          placeholder={t('office.users.bulk.chooseGroup')}
          value={group}
          onChange={(v?: number) => setGroup(v)}
          style={{ width: 180 }}
          options={groups.map((g) => ({ value: g.id, label: g.name }))}
        />
      }
      actions={[
        {
          key: 'enable',
          label: t('office.users.bulk.enable'),
          confirm: (n) => t('office.users.bulk.confirmEnable', { rows: rows(n) }),
          run: (ids) => bulk.mutateAsync({ action: 'enable', ids }),
        },
        {
          key: 'disable',
          label: t('office.users.bulk.disable'),
          danger: true,
          confirm: (n) => t('office.users.bulk.confirmDisable', { rows: rows(n) }),
          run: (ids) => bulk.mutateAsync({ action: 'disable', ids }),
        },
        {
          key: 'addToGroup',
          label: t('office.users.bulk.addToGroup'),
          disabled: group === undefined,
          confirm: (n) => t('office.users.bulk.confirmAddToGroup', { rows: rows(n), group: groupName }),
          run: (ids) => bulk.mutateAsync({ action: 'addToGroup', ids, groupId: group }),
        },
      ]}
    />
  );
}
