import { useMemo } from 'react';
import type { MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor } from '@cacifo/contract/navigation';
import type { AppRoute, NavGroup } from '@cacifo/contract';
import { RouteIcon } from '@/components/route-icon';
import { navGroupKey, navKey } from '@/lib/i18n-keys';
import { useSession } from '@/lib/session';
import { NavBadge } from '../nav-badges';

type MenuItem = NonNullable<MenuProps['items']>[number];

const GROUP_ICONS: Record<NavGroup, string> = {
  dashboard: 'home',
  office: 'team',
  orders: 'inbox',
  notifications: 'alert',
  assets: 'tag',
  marketplace: 'shop',
  administration: 'safety',
};

/** The sidebar model: the contract's menu for this role and these modules, in SPEC §2 order. */
function useMenuGroups() {
  const session = useSession();
  return useMemo(() => (session ? menuFor(session.userRole, session.modules) : []), [session]);
}

/** The key of a menu entry: its route id, suffixed in a group other than its own (`alsoIn`). */
const entryKey = (route: AppRoute, group: NavGroup) =>
  route.group === group ? route.id : `${route.id}@${group}`;

/** The menu entries that own the current path (detail pages select their list), in every group listing it. */
export function useSelectedMenuKey(): string[] {
  const { pathname } = useLocation();
  const groups = useMenuGroups();
  return useMemo(() => {
    let best: AppRoute | undefined;
    for (const item of groups.flatMap((g) => g.items)) {
      const p = item.path;
      const hit = p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`);
      if (hit && (!best || p.length > best.path.length)) best = item;
    }
    const owner = best;
    return owner ? groups.filter((g) => g.items.includes(owner)).map((g) => entryKey(owner, g.group)) : [];
  }, [groups, pathname]);
}

function ItemLabel({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  return (
    <Link
      to={route.path}
      data-route-id={route.id}
      className="menu-link"
      {...(route.newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      <span className="menu-link-text">{t(navKey(route.id))}</span>
      <NavBadge routeId={route.id} />
    </Link>
  );
}

export function useMenuItems(mode: 'vertical' | 'horizontal'): MenuItem[] {
  const { t } = useTranslation();
  const groups = useMenuGroups();
  return useMemo(
    () =>
      groups.map(({ group, items }) => {
        const children = items.map((route) => ({
          key: entryKey(route, group),
          icon: <RouteIcon name={route.icon} />,
          label: <ItemLabel route={route} />,
        }));
        const label = <span data-nav-group={group}>{t(navGroupKey(group))}</span>;
        return mode === 'vertical'
          ? { type: 'group' as const, key: `group-${group}`, label, children }
          : { key: `group-${group}`, label, icon: <RouteIcon name={GROUP_ICONS[group]} />, children };
      }),
    [groups, mode, t],
  );
}
