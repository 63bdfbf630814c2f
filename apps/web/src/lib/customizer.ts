import { createStore, readStorage, useStore, writeStorage } from './store';

export const THEMES = ['light', 'dark', 'semiDark'] as const;
export const LAYOUTS = ['vertical', 'horizontal'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type ThemeMode = (typeof THEMES)[number];
export type LayoutMode = (typeof LAYOUTS)[number];
export type Direction = (typeof DIRECTIONS)[number];

export interface Customizer {
  theme: ThemeMode;
  layout: LayoutMode;
  direction: Direction;
  menuCollapsed: boolean;
}

const CUSTOMIZER_STORAGE_KEY = 'customizer';
export const DEFAULT_CUSTOMIZER: Customizer = {
  theme: 'light',
  layout: 'vertical',
  direction: 'ltr',
  menuCollapsed: false,
};

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

function parse(raw: unknown): Customizer | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const d = DEFAULT_CUSTOMIZER;
  return {
    theme: oneOf(THEMES, r.theme, d.theme),
    layout: oneOf(LAYOUTS, r.layout, d.layout),
    direction: oneOf(DIRECTIONS, r.direction, d.direction),
    menuCollapsed: typeof r.menuCollapsed === 'boolean' ? r.menuCollapsed : d.menuCollapsed,
  };
}

export const customizerStore = createStore<Customizer>(
  readStorage(CUSTOMIZER_STORAGE_KEY, parse) ?? DEFAULT_CUSTOMIZER,
);
customizerStore.subscribe(() => writeStorage(CUSTOMIZER_STORAGE_KEY, customizerStore.get()));

export function useCustomizer(): Customizer {
  return useStore(customizerStore);
}

export function updateCustomizer(patch: Partial<Customizer>): void {
  customizerStore.set((c) => ({ ...c, ...patch }));
}

/** The night-mode switch: dark <-> light (semi-dark counts as a light theme). */
export function toggleNightMode(): void {
  customizerStore.set((c) => ({ ...c, theme: c.theme === 'dark' ? 'light' : 'dark' }));
}
