import { useState } from 'react';
import type { KioskReturnableAssetsReply } from '@cacifo/contract/schemas/office-replies';
import { useReturnable, useReturnAsset, type KioskCredential } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { kioskError, type KioskError } from './kiosk-error';
import { OfficeCredential } from './office-credential';
import { KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';

/**
 * Returning an asset at the office wall (issue #33): card or PIN, the assets the person has out, and
 * the door of its home locker here or of a free one its size opens; closing the door (its tag seen,
 * where the wall has a reader) stores it.
 */
export function ReturnAssetScreen({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t } = useKioskText();
  const identify = useReturnable();
  const giveBack = useReturnAsset();
  const [who, setWho] = useState<{ credential: KioskCredential; reply: KioskReturnableAssetsReply } | null>(
    null,
  );
  const [error, setError] = useState<KioskError | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const busy = identify.isPending || giveBack.isPending;

  const send = (credential: KioskCredential) => {
    setError(null);
    identify.mutate(credential, {
      onSuccess: (reply) => setWho({ credential, reply }),
      onError: (e) => {
        setResetKey((k) => k + 1);
        setError(kioskError(e, 'wrongPin'));
      },
    });
  };
  const open = (assetId: number) => {
    if (busy || !who) return;
    setError(null);
    giveBack.mutate(
      { ...who.credential, assetId },
      { onSuccess: (r) => onOpened([r.doorNumber]), onError: (e) => setError(kioskError(e, 'wrongPin')) },
    );
  };

  return (
    <KioskPanel title="returns.title" testId="kiosk-return-asset" onHome={onHome}>
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      {!who && (
        <OfficeCredential busy={busy} onSend={send} onTyping={() => setError(null)} resetKey={resetKey} />
      )}
      {who && (
        <>
          <p className="kiosk-lead">{t('deposit.hello', { name: who.reply.userName })}</p>
          {who.reply.assets.length === 0 ? (
            <p className="kiosk-info" data-testid="kiosk-no-assets">
              {t('returns.none')}
            </p>
          ) : (
            <p>{t('returns.choose')}</p>
          )}
          {giveBack.isPending && <p className="kiosk-info">{t('opening')}</p>}
          <div className="kiosk-assets kiosk-choices">
            {who.reply.assets.map((a) => (
              <button
                key={a.id}
                type="button"
                disabled={busy}
                onClick={() => open(a.id)}
                data-testid={`kiosk-return-${a.id}`}
              >
                <strong>{a.name}</strong>
              </button>
            ))}
          </div>
        </>
      )}
    </KioskPanel>
  );
}
