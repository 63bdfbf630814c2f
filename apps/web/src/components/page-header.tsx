import type { ReactNode } from 'react';
import { Breadcrumb, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@cacifo/contract/navigation';
import type { AppRouteId } from '@cacifo/contract';
import { can } from '@cacifo/contract/permissions';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session';
import { pathTo } from '@cacifo/contract/route-paths';

interface PageHeaderProps {
  routeId: AppRouteId;
  /** Buttons on the right (left in RTL). */
  extra?: ReactNode;
  /** A title other than the route's, for a route that serves two screens (new and edit). */
  title?: string;
}

/** Title and breadcrumb of a screen, derived from the route table so every page names itself the same way. */
export function PageHeader({ routeId, extra, title: ownTitle }: PageHeaderProps) {
  const { t } = useTranslation();
  const route = APP_ROUTES.find((r) => r.id === routeId);
  const title = ownTitle ?? t(`nav.${routeId}`);
  usePageTitle(title);
  const group = route && 'group' in route ? route.group : undefined;
  // A detail screen links back to its list (an importer has no order list: no link then).
  const parent = route && 'parent' in route ? APP_ROUTES.find((r) => r.id === route.parent) : undefined;
  const session = useSession();
  const parentAllowed = parent && session && can(session.userRole, parent.permission, session.modules);
  return (
    <div className="page-header">
      <div>
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        <Breadcrumb
          items={[
            { title: <Link to={pathTo('home')}>{t('nav.home')}</Link> },
            // The group is left out when the list is named like it ("Encomendas" twice).
            ...(group && !(parentAllowed && t(`nav.${parent.id}`) === t(`navGroup.${group}`))
              ? [{ title: t(`navGroup.${group}`) }]
              : []),
            ...(parent && parentAllowed
              ? [{ title: <Link to={parent.path}>{t(`nav.${parent.id}`)}</Link> }]
              : []),
            { title },
          ]}
        />
      </div>
      {extra && <div className="page-header-extra">{extra}</div>}
    </div>
  );
}
