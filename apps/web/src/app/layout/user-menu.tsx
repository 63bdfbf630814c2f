import { Dropdown, Typography } from 'antd';
import { EditOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { profilePathFor } from '@cacifo/contract/navigation';
import { ROLE, role as roleCodes } from '@cacifo/contract/roles';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { LOGIN_PATH } from '@cacifo/contract/route-paths';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Avatar, name and role (the store name for the store role); edit profile and logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  if (!session) return null;
  const isStore = session.userRole === ROLE.STORE;
  const subtitle =
    isStore && session.assignedStore ? session.assignedStore : t(roleCodes.labelKey(session.userRole));
  const displayName = session.name || session.username;

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'profile',
            icon: <EditOutlined />,
            label: t('userMenu.editProfile'),
            'data-testid': 'user-menu-profile',
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: t('userMenu.logout'),
            danger: true,
            disabled: logout.isPending,
            'data-testid': 'user-menu-logout',
          },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') {
            navigate(profilePathFor(session.userRole, session.modules), { state: { profile: true } });
          }
          if (key === 'logout') {
            logout.mutate(undefined, {
              onSettled: () => navigate(LOGIN_PATH, { replace: true, state: { reason: 'logout' } }),
            });
          }
        },
      }}
    >
      <button type="button" className="user-menu-trigger" data-testid="user-menu">
        {/* Named by the name and role it shows; the bare avatar (compact) is named by hidden text, not
            aria-label, so the name never disagrees with the initials a sighted user sees. */}
        {compact && <span className="sr-only">{t('userMenu.label')}</span>}
        {!compact && (
          <span className="user-menu-text">
            <Typography.Text strong className="user-menu-name" data-testid="user-menu-name">
              {displayName}
            </Typography.Text>
            <Typography.Text type="secondary" className="user-menu-role" data-testid="user-menu-role">
              {isStore ? t('userMenu.store', { store: subtitle }) : subtitle}
            </Typography.Text>
          </span>
        )}
        {/* A plain circle, not antd's Avatar: that one measures its text after every render (a
            forced layout of the whole page on each navbar render) to scale long content we never have. */}
        <span className="user-avatar" aria-hidden="true">
          {initials(displayName)}
        </span>
      </button>
    </Dropdown>
  );
}
