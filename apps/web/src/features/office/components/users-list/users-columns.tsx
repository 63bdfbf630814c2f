import { Button, Space, Switch, Tag, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { userType, type UserType } from '@cacifo/contract/codes/office';
import { DeleteButton } from '@/components/list/delete-button';
import type { ListColumn } from '@/components/list/list-table';
import type { UsersPage } from './use-users-page';
import { pathTo } from '@cacifo/contract/route-paths';

const none = <span className="muted-zero">—</span>;

/** The users table's columns: who, credentials, lockers, groups, type, the enabled switch, actions. */
export function useUserColumns(page: UsersPage): ListColumn<LockerUser>[] {
  const { t } = useTranslation();
  const { canManage, setEnabled, remove, form } = page;
  const columns: ListColumn<LockerUser>[] = [
    {
      title: t('office.fields.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, u) => (
        <Space orientation="vertical" size={0}>
          <Link to={pathTo('officeUserDetails', { id: u.id })} data-testid={`user-link-${u.id}`}>
            {name}
          </Link>
          {u.email && <span className="cell-secondary">{u.email}</span>}
        </Space>
      ),
    },
    {
      title: t('office.fields.number'),
      dataIndex: 'number',
      sortKey: 'number',
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('office.users.credentials'),
      key: 'cred',
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          {u.card ? <Tag color="blue">{t('office.fields.card')}</Tag> : null}
          {u.pin ? <Tag color="green">{t('office.fields.pin')}</Tag> : null}
          {!u.card && !u.pin && none}
        </Space>
      ),
    },
    {
      title: t('office.users.lockers'),
      key: 'lockers',
      render: (_: unknown, u) =>
        u.lockers.length ? (
          <Space size={4} wrap>
            {u.lockers.map((l) => (
              <Tag key={l.id}>{`${l.placeName} #${l.doorNumber}`}</Tag>
            ))}
          </Space>
        ) : (
          none
        ),
    },
    {
      title: t('office.users.groups'),
      key: 'groups',
      responsive: ['lg'],
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          {u.groups.map((g) => (
            <Tag key={g.id} color="purple">
              {g.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('office.fields.userType'),
      dataIndex: 'userType',
      responsive: ['md'],
      render: (v: UserType) => t(userType.labelKey(v)),
    },
    {
      title: t('office.users.enabled'),
      dataIndex: 'enabled',
      render: (v: number, u) => (
        <Switch
          checked={!!v}
          disabled={!canManage}
          loading={setEnabled.isPending && setEnabled.variables?.id === u.id}
          // What the mutation says when it ends is on the mutation (lib/mutation-feedback.ts).
          onChange={(on) => setEnabled.mutate({ id: u.id, enabled: on ? 1 : 0 })}
          aria-label={`${t('office.users.enabled')}: ${u.name}`}
          data-testid={`user-enabled-${u.id}`}
        />
      ),
    },
  ];
  if (!canManage) return columns;
  return [
    ...columns,
    {
      title: '',
      key: 'actions',
      width: 96,
      render: (_: unknown, u: LockerUser) => (
        <Space>
          <Tooltip title={t('office.common.edit')}>
            <Button size="small" icon={<EditOutlined />} onClick={() => form.show(u)} />
          </Tooltip>
          <DeleteButton
            size="small"
            name={u.name}
            detail={t('office.users.deleteDetail')}
            onDelete={() => remove.mutateAsync(u.id)}
            pending={remove.isPending && remove.variables === u.id}
            disabled={remove.isPending}
            testId={`user-delete-${u.id}`}
          />
        </Space>
      ),
    },
  ];
}
