import { useCallback, useEffect, useState } from 'react';
import type { KioskTask } from '@cacifo/contract/schemas/kiosk';
import { useKioskScreen } from '../api/kiosk';
import { doorsOpened, KioskTextProvider, KIOSK_LANGUAGES, useKioskText } from '../kiosk-text';
import { AssetsScreen } from '../components/assets-screen';
import { DepositScreen } from '../components/deposit-screen';
import { kioskError } from '../components/kiosk-error';
import { PickupScreen } from '../components/pickup-screen';
import '../components/kiosk.css';

/** `opened` names every door the task opened: one code opens all of a recipient's parcels. */
type View = { name: 'home' } | { name: KioskTask } | { name: 'opened'; doors: number[]; task: KioskTask };

/** What the door-open screen asks of the person, by the task that opened it. */
const DOOR_STEP: Record<KioskTask, string> = {
  pickup: 'door.takeParcel',
  deposit: 'door.putParcel',
  assets: 'door.takeAsset',
};

/** A screen left alone goes back to the start (and forgets any code typed) after this long. */
const IDLE_MS = 60_000;
/** The "door open" screen stays this long. */
const OPENED_S = 20;

/**
 * /kiosk: the screen at a locker wall (`screen` role), full screen with no shell. The recipient
 * picks up with the SMS code or the QR; a courier deposits with their PIN; at an office, a locker
 * user takes an asset with their card or PIN. Each task is a screen of its own, so other tasks
 * (returns, carriers' codes) plug in beside them.
 */
export default function KioskPage() {
  return (
    <KioskTextProvider>
      <Kiosk />
    </KioskTextProvider>
  );
}

function Kiosk() {
  const { t, language, setLanguage, languageName } = useKioskText();
  const screen = useKioskScreen();
  const [view, setView] = useState<View>({ name: 'home' });
  const [seconds, setSeconds] = useState(OPENED_S);
  const home = useCallback(() => {
    setView({ name: 'home' });
    setLanguage('pt');
  }, [setLanguage]);

  // Back to the start when nobody touches the screen for a while.
  useEffect(() => {
    if (view.name === 'home') return;
    let timer = setTimeout(home, IDLE_MS);
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(home, IDLE_MS);
    };
    window.addEventListener('pointerdown', touch);
    window.addEventListener('keydown', touch);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', touch);
      window.removeEventListener('keydown', touch);
    };
  }, [view.name, home]);
  // The door-open screen counts down to the start.
  useEffect(() => {
    if (view.name !== 'opened') return;
    setSeconds(OPENED_S);
    const timer = setInterval(() => setSeconds((s) => (s <= 1 ? 0 : s - 1)), 1000);
    return () => clearInterval(timer);
  }, [view]);
  useEffect(() => {
    if (view.name === 'opened' && seconds === 0) home();
  }, [seconds, view.name, home]);

  const place = screen.data;
  return (
    <div className="kiosk" lang={language} data-testid="kiosk">
      <header className="kiosk-header">
        <div>
          <div className="kiosk-brand">Cacifo</div>
          {place && <div className="kiosk-place">{place.placeName}</div>}
        </div>
        <nav className="kiosk-languages" aria-label="Language">
          {KIOSK_LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              className={l === language ? 'active' : ''}
              aria-pressed={l === language}
              onClick={() => setLanguage(l)}
              data-testid={`kiosk-lang-${l}`}
            >
              {languageName(l)}
            </button>
          ))}
        </nav>
      </header>
      <main className="kiosk-main">
        {screen.isError && (
          <p className="kiosk-error" role="alert" data-testid="kiosk-error">
            {t(kioskError(screen.error, 'wrongPin').key, kioskError(screen.error, 'wrongPin').values)}
          </p>
        )}
        {place && view.name === 'home' && (
          <section className="kiosk-home">
            <h1>{t('welcome')}</h1>
            {place.message && (
              <p className="kiosk-message" data-testid="kiosk-message">
                {place.message}
              </p>
            )}
            <p className="kiosk-lead">{t('chooseTask')}</p>
            {place.tasks.length === 0 && <p className="kiosk-error">{t('errors.noTasks')}</p>}
            <div className="kiosk-tasks">
              {place.tasks.map((task) => (
                <button
                  key={task}
                  type="button"
                  className={task === 'pickup' ? 'primary' : ''}
                  onClick={() => setView({ name: task })}
                  data-testid={`kiosk-task-${task}`}
                >
                  <strong>{t(`task.${task}`)}</strong>
                  <span>{t(`task.${task}Hint`)}</span>
                </button>
              ))}
            </div>
          </section>
        )}
        {place && view.name === 'pickup' && (
          <PickupScreen
            placeId={place.placeId}
            onOpened={(doors) => setView({ name: 'opened', doors, task: 'pickup' })}
          />
        )}
        {view.name === 'deposit' && (
          <DepositScreen onOpened={(door) => setView({ name: 'opened', doors: [door], task: 'deposit' })} />
        )}
        {view.name === 'assets' && (
          <AssetsScreen onOpened={(door) => setView({ name: 'opened', doors: [door], task: 'assets' })} />
        )}
        {view.name === 'opened' && (
          <section className="kiosk-opened" data-testid="kiosk-opened">
            <div className="kiosk-doors">
              {view.doors.map((d) => (
                <div key={d} className="kiosk-door">
                  {d}
                </div>
              ))}
            </div>
            <h1>{doorsOpened(t, view.doors)}</h1>
            <p className="kiosk-lead">{t(DOOR_STEP[view.task], { count: view.doors.length })}</p>
            <p>{t('door.thanks')}</p>
            <p className="kiosk-hint">{t('door.returning', { seconds })}</p>
            <button type="button" className="kiosk-wide primary" onClick={home} data-testid="kiosk-done">
              {t('done')}
            </button>
          </section>
        )}
        {view.name !== 'home' && view.name !== 'opened' && (
          <button
            type="button"
            className="kiosk-wide secondary kiosk-back"
            onClick={home}
            data-testid="kiosk-back"
          >
            {t('back')}
          </button>
        )}
      </main>
    </div>
  );
}
