import { useState } from 'react';
import type { KioskCatalog, PricePack } from '@cacifo/contract/schemas/marketplace';
import { useKioskText } from '../../kiosk-text';
import { RentalPackButton } from './rental-pack-button';

const SIZES = ['XS', 'S', 'M', 'L'] as const;
/** The packs' types in the order a passer-by reads them: most people are visitors. */
const TYPES = ['visitor', 'guest', 'group', 'health', 'other'];
/** Guest packs follow the guest opening hours; every other type the park's (server rule). */
const isOpen = (catalog: KioskCatalog, pack: PricePack) =>
  pack.type === 'guest' ? catalog.open.guest : catalog.open.park;

export interface RentalChoice {
  pack: PricePack;
  size: string;
}

/**
 * The rental's first step: who it is for (the price packs' types on sale here: visitor, guest,
 * group, health), the locker size (with how many are free) and how long (the type's packs, priced).
 */
export function RentalChoose({
  catalog,
  onChosen,
}: {
  catalog: KioskCatalog;
  onChosen: (choice: RentalChoice) => void;
}) {
  const { t } = useKioskText();
  const types = TYPES.filter((ty) => catalog.packs.some((p) => p.type === ty));
  const [type, setType] = useState(types[0]);
  const sizes = SIZES.filter((s) => (catalog.available[s] ?? 0) > 0);
  const [size, setSize] = useState<string | undefined>(sizes[0]);
  if (types.length === 0 || Object.keys(catalog.available).length === 0)
    return <p className="kiosk-error">{t('rental.nothing')}</p>;
  const packs = catalog.packs.filter((p) => p.type === type).sort((a, b) => a.hours - b.hours);
  return (
    <>
      {types.length > 1 && (
        <fieldset className="rental-group">
          <legend>{t('rental.chooseType')}</legend>
          <div className="rental-options">
            {types.map((ty) => (
              <button
                key={ty}
                type="button"
                aria-pressed={ty === type}
                className={ty === type ? 'primary' : ''}
                onClick={() => setType(ty)}
                data-testid={`rental-type-${ty}`}
              >
                {t(`rental.type.${ty}`)}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="rental-group">
        <legend>{t('rental.chooseSize')}</legend>
        <div className="kiosk-sizes">
          {SIZES.filter((s) => s in catalog.available).map((s) => {
            const free = catalog.available[s] ?? 0;
            return (
              <button
                key={s}
                type="button"
                aria-pressed={s === size}
                className={s === size ? 'primary' : ''}
                disabled={free === 0}
                onClick={() => setSize(s)}
                data-testid={`rental-size-${s}`}
              >
                <strong>{s}</strong>
                <span>{free > 0 ? t('rental.freeCount', { count: free }) : t('rental.noneFree')}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="rental-group">
        <legend>{t('rental.chooseTime')}</legend>
        <div className="rental-packs">
          {packs.map((p) => (
            <RentalPackButton
              key={p.id}
              pack={p}
              free={catalog.freeMode}
              closed={!isOpen(catalog, p)}
              disabled={!size}
              onChoose={() => size && onChosen({ pack: p, size })}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
