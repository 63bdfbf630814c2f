// Apart from theme.ts (which loads antd): the logo on the sign-in page needs only these (issue #34).
/** Brand colours: a deep teal that keeps white text readable (WCAG AA) and a warm accent. */
export const BRAND = {
  primary: '#0F766E',
  primaryDark: '#2BB3A3',
  accent: '#F59E0B',
  siderDark: '#0E1A24',
} as const;
