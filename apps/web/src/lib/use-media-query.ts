import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** SPEC §9 breakpoints. */
export const MEDIA = {
  /** Horizontal layout and the fixed sidebar; below it the horizontal layout falls back to vertical. */
  wide: '(min-width: 1200px)',
  /** "The search icon shows above 860 px". */
  searchIcon: '(min-width: 861px)',
  /** "The monitoring icon from 860 px". */
  monitoringIcon: '(min-width: 860px)',
  /** The user menu shows its name and role beside the avatar; narrower, the avatar alone (issue #35). */
  userMenuText: '(min-width: 1200px)',
  /** The person asked their system for less movement: antd's opening and closing animations go. */
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
