import type { ComponentType } from 'react';
import { AssetWarningsBell } from '@/features/assets/components/asset-warnings-bell';
import { OrderSearch } from '@/features/orders/components/order-search';
import { ScannerButton } from '@/features/scanner/components/scanner-button';
import { VoiceAssistant } from '@/features/voice/components/voice-assistant';

/**
 * Places in the navbar that later issues fill: the order search box, the scanner icon and the
 * asset-warning bell. A feature registers its component here; the component decides for itself
 * whether to show (role, feature flag) and renders null otherwise.
 */
export const NAVBAR_SLOTS = ['orderSearch', 'scanner', 'voice', 'notifications'] as const;
export type NavbarSlotName = (typeof NAVBAR_SLOTS)[number];

const NAVBAR_SLOT_COMPONENTS: Partial<Record<NavbarSlotName, ComponentType>> = {
  orderSearch: OrderSearch,
  notifications: AssetWarningsBell,
  scanner: ScannerButton,
  voice: VoiceAssistant,
};

export function NavbarSlot({ name }: { name: NavbarSlotName }) {
  const Component = NAVBAR_SLOT_COMPONENTS[name];
  if (!Component) return null;
  return (
    <div className="navbar-slot" data-navbar-slot={name}>
      <Component />
    </div>
  );
}
