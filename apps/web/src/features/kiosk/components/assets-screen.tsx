import { useState } from 'react';
import type { KioskAssetsReply } from '@cacifo/contract/schemas/office-replies';
import { useKioskAssets, useTakeAsset, type KioskCredential } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { Keypad } from './keypad';
import { comeBackValues, kioskError, type KioskError } from './kiosk-error';
import { KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';

const PIN_DIGITS = 4;

/**
 * Taking an asset at an office wall (docs/adr/0072): the person's card (the reader types it, then
 * Enter) or PIN, the assets stored here they may take now, and the door of the one they choose
 * opens. The server decides who may take what and writes the asset log; the credential stays in
 * this screen's memory only until it closes.
 */
export function AssetsScreen({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t } = useKioskText();
  const identify = useKioskAssets();
  const take = useTakeAsset();
  const [pin, setPin] = useState('');
  const [card, setCard] = useState('');
  const [who, setWho] = useState<{ credential: KioskCredential; reply: KioskAssetsReply } | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  const busy = identify.isPending || take.isPending;

  const send = (credential: KioskCredential) => {
    if (busy) return;
    setError(null);
    identify.mutate(credential, {
      onSuccess: (reply) => setWho({ credential, reply }),
      onError: (e) => {
        setPin('');
        setCard('');
        setError(kioskError(e, 'wrongPin'));
      },
    });
  };
  const open = (assetId: number) => {
    if (busy || !who) return;
    setError(null);
    take.mutate(
      { ...who.credential, assetId },
      { onSuccess: (r) => onOpened([r.doorNumber]), onError: (e) => setError(kioskError(e, 'wrongPin')) },
    );
  };

  return (
    <KioskPanel title="assets.title" testId="kiosk-assets" onHome={onHome}>
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      {!who && (
        <>
          <p className="kiosk-lead">{t('assets.identify')}</p>
          <form
            className="kiosk-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (card.trim()) send({ card: card.trim() });
            }}
          >
            <label htmlFor="kiosk-card">{t('assets.card')}</label>
            <input
              id="kiosk-card"
              autoFocus
              autoComplete="off"
              value={card}
              maxLength={32}
              onChange={(e) => {
                setError(null);
                setCard(e.target.value.toUpperCase());
              }}
              data-testid="kiosk-card"
            />
            <p className="kiosk-hint">{t('assets.cardHint')}</p>
          </form>
          <p className="kiosk-lead">{t('assets.orPin')}</p>
          <Keypad
            value={pin}
            length={PIN_DIGITS}
            secret
            onChange={(v) => {
              setError(null);
              setPin(v);
            }}
            onSubmit={() => send({ pin })}
            busy={busy}
            testId="kiosk-asset-pad"
          />
        </>
      )}
      {who && (
        <>
          <p className="kiosk-lead">{t('deposit.hello', { name: who.reply.userName })}</p>
          {who.reply.assets.length === 0 ? (
            <p className="kiosk-info" data-testid="kiosk-no-assets">
              {t('assets.none')}
            </p>
          ) : (
            <p>{t('assets.choose')}</p>
          )}
          {take.isPending && <p className="kiosk-info">{t('opening')}</p>}
          <div className="kiosk-assets">
            {who.reply.assets.map((a) => (
              <button
                key={a.id}
                type="button"
                disabled={busy}
                onClick={() => open(a.id)}
                data-testid={`kiosk-asset-${a.id}`}
              >
                <strong>{a.name}</strong>
                <span>{t('assets.door', { door: a.doorNumber })}</span>
              </button>
            ))}
          </div>
          {/* Theirs but outside the asset's hours: when they may take it (issue #33). */}
          {who.reply.later.map((a) => (
            <p key={a.id} className="kiosk-later" data-testid={`kiosk-later-${a.id}`}>
              <strong>{a.name}</strong>{' '}
              {a.availableAt ? t('assets.later', comeBackValues(a.availableAt)) : t('assets.notNow')}
            </p>
          ))}
        </>
      )}
    </KioskPanel>
  );
}
