/**
 * The signed-in app (antd, TanStack Query, the shell and its routes) as one lazy import: the router
 * renders it for every path but /login, and the login page starts it while the credentials are
 * checked, so the download overlaps the sign-in round trips (issue #34).
 */
export const loadSignedInApp = () => import('./signed-in-app');
