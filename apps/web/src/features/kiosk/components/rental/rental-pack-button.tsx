import type { PricePack } from '@cacifo/contract/schemas/marketplace';
import { useKioskText } from '../../kiosk-text';
import { euros } from './rental-format';

/** A pack's hours said in the visitor's language, and its own name when that says something more. */
export function usePackLabel() {
  const { t } = useKioskText();
  return (pack: PricePack) => {
    const hours = t('rental.hours', { count: pack.hours });
    return { hours, name: pack.name.trim().toLowerCase() === hours.toLowerCase() ? '' : pack.name };
  };
}

/** One way to buy time: its hours, its name, and its price (or why it cannot be bought now). */
export function RentalPackButton({
  pack,
  free,
  closed = false,
  disabled = false,
  onChoose,
}: {
  pack: PricePack;
  free: boolean;
  closed?: boolean;
  disabled?: boolean;
  onChoose: () => void;
}) {
  const { t, language } = useKioskText();
  const { hours, name } = usePackLabel()(pack);
  return (
    <button
      type="button"
      disabled={disabled || closed}
      onClick={onChoose}
      data-testid={`rental-pack-${pack.id}`}
    >
      <strong>{hours}</strong>
      {name && <span>{name}</span>}
      <em>
        {closed ? t('rental.closed') : free ? t('rental.freeOfCharge') : euros(pack.priceCents, language)}
      </em>
    </button>
  );
}
