import { useState } from 'react';
import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { useKioskText } from '../../kiosk-text';
import { KioskPanel, type KioskTaskScreenProps } from '../../shared/kiosk-task';
import { RentalFind } from './rental-find';
import { endTime } from './rental-format';
import { RentalEnded } from './rental-ended';
import { RentalExtend } from './rental-extend';
import { RentalManage, type RentalNote } from './rental-manage';
import './rental.css';

type Step =
  | { name: 'find' }
  | { name: 'manage'; rental: Rental; note: RentalNote | null }
  | { name: 'extend'; rental: Rental }
  | { name: 'ended'; rental: Rental };

/** "I have a rental": the customer's PIN or QR finds it; then reopen, extend or end it. */
export function RentalScreen({ onHome }: KioskTaskScreenProps) {
  const { language } = useKioskText();
  const [step, setStep] = useState<Step>({ name: 'find' });
  const manage = (rental: Rental, note: RentalNote | null = null) =>
    setStep({ name: 'manage', rental, note });

  return (
    <KioskPanel
      title={step.name === 'extend' ? 'rental.extendTitle' : 'task.rental'}
      testId="rental-back"
      onHome={onHome}
    >
      {step.name === 'find' && <RentalFind onFound={(r) => manage(r)} />}
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
