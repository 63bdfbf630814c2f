import { useState } from 'react';
import type { KioskLockersReply } from '@cacifo/contract/schemas/office-replies';
import { useKioskLockers, useOpenLocker, type KioskCredential } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { kioskError, type KioskError } from './kiosk-error';
import { OfficeCredential } from './office-credential';
import { KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';

/**
 * Opening one's own locker at the office wall (issue #33): card or PIN, then the door opens; a
 * person holding several doors here (their own, their groups') chooses one. The server decides
 * (schedules, expiry, maintenance) and says when someone outside their hours may come back.
 */
export function OpenLockerScreen({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t } = useKioskText();
  const identify = useKioskLockers();
  const open = useOpenLocker();
  const [who, setWho] = useState<{ credential: KioskCredential; reply: KioskLockersReply } | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const busy = identify.isPending || open.isPending;

  const openDoor = (credential: KioskCredential, lockerId: number) => {
    setError(null);
    open.mutate(
      { ...credential, lockerId },
      { onSuccess: (r) => onOpened([r.doorNumber]), onError: (e) => setError(kioskError(e, 'wrongPin')) },
    );
  };
  const send = (credential: KioskCredential) => {
    setError(null);
    identify.mutate(credential, {
      onSuccess: (reply) => {
        const [only] = reply.lockers;
        if (reply.lockers.length === 1 && only) openDoor(credential, only.lockerId);
        else setWho({ credential, reply });
      },
      onError: (e) => {
        setResetKey((k) => k + 1);
        setError(kioskError(e, 'wrongPin'));
      },
    });
  };

  return (
    <KioskPanel title="openLocker.title" testId="kiosk-open-locker" onHome={onHome}>
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      {open.isPending && <p className="kiosk-info">{t('opening')}</p>}
      {!who && (
        <OfficeCredential busy={busy} onSend={send} onTyping={() => setError(null)} resetKey={resetKey} />
      )}
      {who && (
        <>
          <p className="kiosk-lead">{t('deposit.hello', { name: who.reply.userName })}</p>
          <p>{t('openLocker.choose')}</p>
          <div className="kiosk-assets kiosk-choices">
            {who.reply.lockers.map((l) => (
              <button
                key={l.lockerId}
                type="button"
                disabled={busy}
                onClick={() => openDoor(who.credential, l.lockerId)}
                data-testid={`kiosk-door-${l.doorNumber}`}
              >
                <strong>{t('assets.door', { door: l.doorNumber })}</strong>
              </button>
            ))}
          </div>
        </>
      )}
    </KioskPanel>
  );
}
