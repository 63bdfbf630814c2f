import { APP_ROUTES } from '@cacifo/contract/navigation';
import type { AppRouteId, NavGroup } from '@cacifo/contract';

/**
 * Typed keys for ids that arrive as plain strings (menu entries, bookmarks, search results). The
 * locale test guarantees every route id and group has its key, so the narrowing is safe.
 */
export const navKey = (id: string) => `nav.${id}` as `nav.${AppRouteId}`;
export const navGroupKey = (group: string) => `navGroup.${group}` as `navGroup.${NavGroup}`;

const GROUP_OF: ReadonlyMap<string, NavGroup> = new Map(
  APP_ROUTES.flatMap((r) => ('group' in r && r.group ? [[r.id, r.group] as const] : [])),
);

/**
 * A page's name where it stands alone, away from the menu (bookmarks, their tooltips): with its
 * menu group, because two groups may hold pages of the same name ("Escritório › Grupos de
 * utilizadores", "Ativos › Grupos de utilizadores") and some names need their group ("Definições").
 */
export function pageLabel(t: (key: string) => string, id: string): string {
  const group = GROUP_OF.get(id);
  const title = t(navKey(id));
  return group ? `${t(navGroupKey(group))} › ${title}` : title;
}
