import { useState } from 'react';
import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { useFindRental } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import { Keypad } from '../keypad';
import { KioskPanel, type KioskTaskScreenProps } from '../../shared/kiosk-task';
import { endTime, rentalError } from './rental-format';
import { RentalEnded } from './rental-ended';
import { RentalExtend } from './rental-extend';
import { RentalManage, type RentalNote } from './rental-manage';
import './rental.css';

const PIN_DIGITS = 6;

type Step =
  | { name: 'find' }
  | { name: 'manage'; rental: Rental; note: RentalNote | null }
  | { name: 'extend'; rental: Rental }
  | { name: 'ended'; rental: Rental };

/** "I have a rental": the customer's PIN finds it; then reopen, extend or end it. */
export function RentalScreen({ onHome }: KioskTaskScreenProps) {
  const { t, language } = useKioskText();
  const find = useFindRental();
  const [pin, setPin] = useState('');
  const [step, setStep] = useState<Step>({ name: 'find' });
  const error = find.isError ? rentalError(find.error) : null;
  const manage = (rental: Rental, note: RentalNote | null = null) =>
    setStep({ name: 'manage', rental, note });

  return (
    <KioskPanel
      title={step.name === 'extend' ? 'rental.extendTitle' : 'task.rental'}
      testId="rental-back"
      onHome={onHome}
    >
      {step.name === 'find' && (
        <>
          {error && (
            <p className="kiosk-error" role="alert" data-testid="kiosk-error">
              {t(error.key, error.values)}
            </p>
          )}
          <p className="kiosk-lead">{t('rental.enterPin')}</p>
          <Keypad
            value={pin}
            length={PIN_DIGITS}
            onChange={(v) => {
              find.reset();
              setPin(v);
            }}
            onSubmit={() => find.mutate(pin, { onSuccess: (r) => manage(r), onError: () => setPin('') })}
            busy={find.isPending}
            testId="rental-pin-pad"
          />
        </>
      )}
      {step.name === 'manage' && (
        <RentalManage
          rental={step.rental}
          note={step.note}
          onNote={(note) => manage(step.rental, note)}
          onExtend={() => setStep({ name: 'extend', rental: step.rental })}
          onEnded={(rental) => setStep({ name: 'ended', rental })}
        />
      )}
      {step.name === 'extend' && (
        <RentalExtend
          rental={step.rental}
          onExtended={(r) =>
            manage(r, { key: 'rental.extended', values: { time: endTime(r.endsAt, language) } })
          }
        />
      )}
      {step.name === 'ended' && <RentalEnded rental={step.rental} onDone={onHome} />}
    </KioskPanel>
  );
}
