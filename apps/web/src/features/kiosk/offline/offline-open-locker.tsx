import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { KioskCredential } from '../api/kiosk';
import { kioskError, type KioskError } from '../components/kiosk-error';
import { OfficeCredential } from '../components/office-credential';
import { useKioskText } from '../kiosk-text';
import { KioskAlert, KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';
import { openLockerAtWall } from './office-at-wall';

/**
 * Opening one's own locker while the server is gone (ADR 0160): the same card or PIN step as online,
 * then the wall decides alone (the person's schedules and validity travel with their credential)
 * and opens their first door; a refusal is the wall's own sentence.
 */
export function OfflineOpenLocker({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t, language } = useKioskText();
  const [error, setError] = useState<KioskError | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const open = useMutation({
    mutationFn: (credential: KioskCredential) => openLockerAtWall(credential, language),
    onSuccess: onOpened,
    onError: (e) => {
      setResetKey((k) => k + 1);
      setError(kioskError(e, 'wrongPin'));
    },
  });
  return (
    <KioskPanel title="openLocker.title" testId="kiosk-open-locker" onHome={onHome}>
      <KioskAlert error={error} />
      {open.isPending && <p className="kiosk-info">{t('opening')}</p>}
      <OfficeCredential
        busy={open.isPending}
        onSend={(credential) => {
          setError(null);
          open.mutate(credential);
        }}
        onTyping={() => setError(null)}
        resetKey={resetKey}
      />
    </KioskPanel>
  );
}
