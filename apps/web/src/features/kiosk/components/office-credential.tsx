import { useState } from 'react';
import type { KioskCredential } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { Keypad } from './keypad';

const PIN_DIGITS = 4;

/**
 * The office wall's first step (issue #33): the person's card (the reader types it, then Enter) or
 * their 4-digit PIN on the large keypad. `resetKey` changes after a refusal, clearing what was typed.
 */
export function OfficeCredential({
  busy,
  onSend,
  onTyping,
  resetKey,
}: {
  busy: boolean;
  onSend: (credential: KioskCredential) => void;
  onTyping: () => void;
  resetKey: number;
}) {
  const { t } = useKioskText();
  const [typed, setTyped] = useState({ card: '', pin: '', resetKey });
  // A refusal clears the card and the PIN (state reset on a new key, without an effect).
  const { card, pin } = typed.resetKey === resetKey ? typed : { card: '', pin: '' };
  const set = (next: { card?: string; pin?: string }) => {
    onTyping();
    setTyped({ card, pin, ...next, resetKey });
  };
  return (
    <>
      <p className="kiosk-lead">{t('assets.identify')}</p>
      <form
        className="kiosk-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (card.trim() && !busy) onSend({ card: card.trim() });
        }}
      >
        <label htmlFor="kiosk-card">{t('assets.card')}</label>
        <input
          id="kiosk-card"
          autoFocus
          autoComplete="off"
          value={card}
          maxLength={32}
          onChange={(e) => set({ card: e.target.value.toUpperCase() })}
          data-testid="kiosk-card"
        />
        <p className="kiosk-hint">{t('assets.cardHint')}</p>
      </form>
      <p className="kiosk-lead">{t('assets.orPin')}</p>
      <Keypad
        value={pin}
        length={PIN_DIGITS}
        secret
        onChange={(v) => set({ pin: v })}
        onSubmit={() => !busy && onSend({ pin })}
        busy={busy}
        testId="kiosk-office-pad"
      />
    </>
  );
}
