import type { ComponentType } from 'react';
import type { KioskTask } from '@cacifo/contract/schemas/kiosk';
import type { KioskTaskScreenProps } from '../shared/kiosk-task';
import { OfflineDeposit } from './offline-deposit';
import { OfflineOpenLocker } from './offline-open-locker';

/**
 * A task's screen while the kiosk is offline, where it differs (ADR 0160): the deposit asks the wall
 * in one step, as the wall chooses the door. The pickup screen is the same one (it asks the wall
 * itself, use-pickup-or-wall.ts). "Open my locker" gives the card or PIN to the wall, which opens
 * the person's own locker (their first door) as the server would.
 */
export const OFFLINE_SCREENS: Partial<Record<KioskTask, ComponentType<KioskTaskScreenProps>>> = {
  deposit: OfflineDeposit,
  openLocker: OfflineOpenLocker,
};
