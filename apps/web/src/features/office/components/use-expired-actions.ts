import { useState } from 'react';
import type { ExtendLockerRequest, OfficeLocker } from '@cacifo/contract/schemas/office';
import { useExtendLocker } from '../api/extend-locker';

/** The expired list's controller for its rows: extend (one at a time), and the locker of each dialog. */
export function useExpiredActions() {
  const extend = useExtendLocker();
  const [minutesFor, setMinutesFor] = useState<OfficeLocker | null>(null);
  const [releaseFor, setReleaseFor] = useState<OfficeLocker | null>(null);

  const doExtend = async (req: ExtendLockerRequest) => {
    if (extend.isPending) return;
    await extend.mutateAsync(req).then(
      () => setMinutesFor(null),
      () => undefined,
    );
  };
  return {
    extending: extend.isPending,
    /** The locker being extended now, if any. */
    extendingId: extend.isPending ? extend.variables?.lockerId : undefined,
    doExtend,
    minutesFor,
    setMinutesFor,
    releaseFor,
    setReleaseFor,
  };
}

export type ExpiredActions = ReturnType<typeof useExpiredActions>;
