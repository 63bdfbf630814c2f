import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { ownFailureText } from '@/lib/mutation-feedback';
import { officeSchemas, validationSchemas } from '@/lib/contract-schemas';
import { useSetCard } from '../api/set-user-card';
import { useSetPin } from '../api/set-user-pin';

/** The credentials card's controller: the card and PIN being typed, their errors, save and clear. */
export function useCredentials(user: LockerUser) {
  const { t } = useTranslation();
  const [card, setCard] = useState(user.card ?? '');
  const [pin, setPin] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const saveCard = useSetCard();
  const savePin = useSetPin();

  const submitCard = async (value: string) => {
    const trimmed = value.trim();
    const { cardSchema } = await officeSchemas();
    if (trimmed && !cardSchema.safeParse(trimmed).success) return setCardError(t('validation.card'));
    setCardError(null);
    try {
      await saveCard.mutateAsync({ id: user.id, card: trimmed });
    } catch (e) {
      setCardError(ownFailureText(e));
    }
  };
  const submitPin = async () => {
    const { pinSchema } = await validationSchemas();
    if (!pinSchema.safeParse(pin).success) return setPinError(t('validation.pin'));
    setPinError(null);
    try {
      await savePin.mutateAsync({ id: user.id, pin });
      setPin('');
    } catch (e) {
      setPinError(ownFailureText(e));
    }
  };

  const clearPin = async () => {
    setPinError(null);
    try {
      await savePin.mutateAsync({ id: user.id, pin: null });
      setPin('');
    } catch (e) {
      setPinError(ownFailureText(e));
    }
  };

  return {
    card,
    setCard,
    cardError,
    setCardError,
    submitCard,
    savingCard: saveCard.isPending,
    pin,
    setPin,
    pinError,
    setPinError,
    submitPin,
    clearPin,
    savingPin: savePin.isPending,
  };
}
