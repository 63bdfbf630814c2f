import type { ParseKeys } from 'i18next';
import { APP_ROUTES } from '@cacifo/contract/navigation';
import type { AppRouteId, NavGroup } from '@cacifo/contract';

/** Any key of the back-office texts (@cacifo/texts), as `t()` takes it. */
export type TextKey = ParseKeys<'translation'>;

/**
 * A key that arrives as a plain string at run time, where the types cannot know it: a zod issue's
 * message or a server field error (`validation.*`), a code the server sends (`errors.*`, a wall
 * conflict's reason, an import column). The texts test checks that every key the contract can send
 * has its text; a string that is no key reads as itself (i18next's answer for a missing key), or as
 * the caller's `defaultValue`. With navKey and navGroupKey, the only casts of text keys in the web.
 */
export const runtimeKey = (key: string) => key as TextKey;

/**
 * Typed keys for ids that arrive as plain strings (menu entries, bookmarks, search results). The
 * texts test (packages/texts) guarantees every route id and group has its key, so the narrowing is safe.
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
