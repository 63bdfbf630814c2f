import { useEffect, useMemo, useState } from 'react';
import { Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlaceInput } from '@cacifo/contract/schemas/locations';
import { pathTo } from '@cacifo/contract/route-paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { locationSchemas } from '@/lib/contract-schemas';
import { useSingleFlight } from '@/lib/form-submit';
import { useLockersByPlace } from '@/lib/queries/locations';
import { validateWith } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';
import { useSavePlace } from '../../api/save-place';

export type LockerRow = PlaceInput['lockers'][number];
export type PlaceFields = Omit<PlaceInput, 'lockers'>;

/**
 * The location form's state (the controller half of /locations/config/new): the place being edited
 * (?id=), its fields filled once, the locker rows, their errors, and the save.
 */
export function usePlaceForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || null;
  const existing = useLockersByPlace(editId ?? 0);
  const [form] = Form.useForm<PlaceFields>();
  const [lockers, setLockers] = useState<LockerRow[]>([]);
  const [lockerErrors, setLockerErrors] = useState<string[]>([]);
  const save = useSavePlace();

  const loaded = existing.data;
  // The fields are filled once per location: the lockers query refetches on every locker change
  // (realtime), and refilling then would overwrite what is being typed. The version sent on save
  // is the one the fields were filled from, so a change made meanwhile elsewhere is a conflict.
  const [filled, setFilled] = useState<{ id: number; updatedAt: string } | null>(null);
  useEffect(() => {
    if (!loaded || !editId || filled?.id === editId) return;
    form.setFieldsValue({
      name: loaded.Place.name,
      type: loaded.Place.type,
      systemType: loaded.Place.systemType,
      address: loaded.Place.address,
      exteriorDoor: loaded.Place.exteriorDoor,
    });
    setLockers(
      [...loaded.Lockers]
        .sort((a, b) => a.doorNumber - b.doorNumber)
        .map((l) => ({ doorNumber: l.doorNumber, size: l.size, accessibility: l.accessibility })),
    );
    setFilled({ id: editId, updatedAt: loaded.Place.updatedAt });
  }, [loaded, form, editId, filled]);

  const { run: submit, pending } = useSingleFlight(async () => {
    const values = { ...form.getFieldsValue(true), lockers } as PlaceInput;
    const tr = (k: string) => t(runtimeKey(k));
    const { placeInputSchema } = await locationSchemas();
    const parsed = validateWith(form, placeInputSchema, values, tr);
    const result = placeInputSchema.safeParse(values);
    setLockerErrors(
      result.success
        ? []
        : [...new Set(result.error.issues.filter((i) => i.path[0] === 'lockers').map((i) => tr(i.message)))],
    );
    if (!parsed) return;
    try {
      const { Place } = await save.mutateAsync({
        id: editId,
        place: parsed,
        // The version the fields were filled from (above).
        ...(filled ? { updatedAt: filled.updatedAt } : {}),
      });
      void navigate(pathTo('locationDetails', { id: Place.id }));
    } catch (e) {
      // Said by the mutation's meta; a refused locker list is also shown under the lockers.
      if (e instanceof ApiError && e.code === 'invalidInput') setLockerErrors([errorMessage(e)]);
    }
  });

  const duplicates = useMemo(() => {
    const seen = new Map<number, number>();
    for (const l of lockers) seen.set(l.doorNumber, (seen.get(l.doorNumber) ?? 0) + 1);
    return new Set([...seen].filter(([, n]) => n > 1).map(([d]) => d));
  }, [lockers]);

  return {
    editId,
    existing,
    form,
    lockers,
    setLockers,
    /** Changes one locker row in place. */
    patch: (index: number, change: Partial<LockerRow>) =>
      setLockers((rows) => rows.map((r, i) => (i === index ? { ...r, ...change } : r))),
    lockerErrors,
    duplicates,
    submit,
    pending,
    cancel: () => void navigate(editId ? pathTo('locationDetails', { id: editId }) : pathTo('locations')),
  };
}

export type PlaceFormState = ReturnType<typeof usePlaceForm>;
