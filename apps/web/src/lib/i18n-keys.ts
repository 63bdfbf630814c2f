import type { AppRouteId, NavGroup } from '@cacifo/contract';

/**
 * Typed keys for ids that arrive as plain strings (menu entries, bookmarks, search results). The
 * locale test guarantees every route id and group has its key, so the narrowing is safe.
 */
export const navKey = (id: string) => `nav.${id}` as `nav.${AppRouteId}`;
export const navGroupKey = (group: string) => `navGroup.${group}` as `navGroup.${NavGroup}`;
