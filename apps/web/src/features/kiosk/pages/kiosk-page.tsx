import { useCallback, useState, type ComponentType } from 'react';
import type { KioskTask } from '@cacifo/contract/schemas/kiosk';
import { useKioskScreen } from '../api/kiosk';
import { KioskTextProvider, useKioskText } from '../kiosk-text';
import { AssetsScreen } from '../components/assets-screen';
import { DepositScreen } from '../components/deposit-screen';
import { KioskHome } from '../components/kiosk-home';
import { kioskError } from '../components/kiosk-error';
import { PickupScreen } from '../components/pickup-screen';
import { OpenLockerScreen } from '../components/open-locker-screen';
import { ReturnAssetScreen } from '../components/return-asset-screen';
import { RentScreen } from '../components/rental/rent-screen';
import { RentalScreen } from '../components/rental/rental-screen';
import { ReturnsScreen } from '../components/returns-screen';
import { KioskOpened } from '../shared/kiosk-opened';
import { KioskShell } from '../shared/kiosk-shell';
import { useKioskIdle } from '../shared/use-kiosk-idle';
import type { KioskTaskScreenProps } from '../shared/kiosk-task';
import { useKioskInstall } from '../offline/kiosk-install';
import { useKioskPlace } from '../offline/kiosk-place';
import { OfflineNotice } from '../offline/offline-notice';
import { OFFLINE_SCREENS } from '../offline/offline-screens';

/** `opened` names every door the task opened: one code opens all of a recipient's parcels. */
type View = { name: 'home' } | { name: KioskTask } | { name: 'opened'; doors: number[]; task: KioskTask };

/**
 * Each task's screen and what its door-open screen asks of the person. A wall's new task (returns,
 * marketplace, office) is one line here, one in the contract's KIOSK_TASKS and its texts.
 */
const TASKS: Record<KioskTask, { screen: ComponentType<KioskTaskScreenProps>; step: string }> = {
  pickup: { screen: PickupScreen, step: 'door.takeParcel' },
  deposit: { screen: DepositScreen, step: 'door.putParcel' },
  returns: { screen: ReturnsScreen, step: 'door.putReturn' },
  assets: { screen: AssetsScreen, step: 'door.takeAsset' },
  openLocker: { screen: OpenLockerScreen, step: 'door.openLocker' },
  returnAsset: { screen: ReturnAssetScreen, step: 'door.returnAsset' },
  // The marketplace wall's screens say their own door steps (docs/adr/0170).
  rent: { screen: RentScreen, step: 'door.thanks' },
  rental: { screen: RentalScreen, step: 'door.thanks' },
};

/**
 * /kiosk: the screen at a locker wall (`screen` role), full screen with no shell. The recipient
 * picks up with the SMS code or the QR; a courier deposits with their PIN or the carrier's code of
 * the day; at an office, a locker user takes an asset with their card or PIN. Each task is a screen
 * of its own; 30 s without a touch goes back to the start (useKioskIdle).
 */
export default function KioskPage() {
  return (
    <KioskTextProvider>
      <Kiosk />
    </KioskTextProvider>
  );
}

function Kiosk() {
  const { t, setLanguage } = useKioskText();
  const screen = useKioskScreen();
  const [view, setView] = useState<View>({ name: 'home' });
  const home = useCallback(() => {
    setView({ name: 'home' });
    setLanguage('pt');
  }, [setLanguage]);
  useKioskIdle(home, view.name !== 'home');
  // Installed and cached; offline, the wall's controller takes the codes (ADR 0160).
  useKioskInstall(view.name === 'home');
  const { place, offline } = useKioskPlace(screen);

  const task = view.name !== 'home' && view.name !== 'opened' ? view.name : null;
  const Task = task ? ((offline ? OFFLINE_SCREENS[task] : undefined) ?? TASKS[task].screen) : null;
  const error = screen.isError && !offline ? kioskError(screen.error, 'wrongPin') : null;
  return (
    <KioskShell placeName={place?.placeName}>
      {offline && <OfflineNotice />}
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      {place && view.name === 'home' && (
        <KioskHome place={place} onTask={(task) => setView({ name: task })} />
      )}
      {place && task && Task && (
        <Task
          placeId={place.placeId}
          onOpened={(doors) => setView({ name: 'opened', doors, task })}
          onHome={home}
        />
      )}
      {view.name === 'opened' && (
        <KioskOpened doors={view.doors} step={TASKS[view.task].step} onDone={home} />
      )}
    </KioskShell>
  );
}
