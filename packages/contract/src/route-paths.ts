import { APP_ROUTES, type AppRouteId } from './navigation.js';

/** The sign-in screen: public, so outside APP_ROUTES (which are the signed-in screens). */
export const LOGIN_PATH = '/login';

type RouteOf<I extends AppRouteId> = Extract<(typeof APP_ROUTES)[number], { id: I }>;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:params` a route's path declares, each a value to fill in. */
export type RouteParams<I extends AppRouteId> = Record<ParamNames<RouteOf<I>['path']>, string | number>;
/** A query string's values; absent ones (null, undefined, '') are left out. */
export type RouteSearch = Record<string, string | number | boolean | null | undefined>;

type PathArgs<I extends AppRouteId> = [ParamNames<RouteOf<I>['path']>] extends [never]
  ? [params?: null, search?: RouteSearch]
  : [params: RouteParams<I>, search?: RouteSearch];

const PATHS = new Map<string, string>(APP_ROUTES.map((r) => [r.id, r.path]));

/**
 * The link to a screen, built from its entry in APP_ROUTES: `pathTo('orderDetails', { orderId: 7 })`
 * is '/orders/details/7'. A renamed path changes every link at once, and a missing parameter or an
 * unknown screen is a type error, not a link to nowhere.
 */
export function pathTo<I extends AppRouteId>(id: I, ...[params, search]: PathArgs<I>): string {
  const path = PATHS.get(id)!.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
