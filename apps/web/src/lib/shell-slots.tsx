import { createContext, useContext, type ComponentType } from 'react';

/**
 * Parts of the shell that a screen drawn without it (the /monitoring wall) still shows: the user
 * menu, so every account can reach its profile and log out. The shell provides them; features
 * render them through here instead of importing the shell (features sit below the app).
 */
export interface ShellSlots {
  userMenu?: ComponentType<{ compact: boolean }>;
}

export const ShellSlotsContext = createContext<ShellSlots>({});

export function ShellUserMenu({ compact = false }: { compact?: boolean }) {
  const { userMenu: UserMenu } = useContext(ShellSlotsContext);
  return UserMenu ? <UserMenu compact={compact} /> : null;
}
