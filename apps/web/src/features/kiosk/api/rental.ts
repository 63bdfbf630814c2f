import { useMutation, useQuery } from '@tanstack/react-query';
import { rentalsApi } from '@cacifo/contract/endpoints/rentals';
import type { KioskRentRequest } from '@cacifo/contract/schemas/marketplace';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';

/** GET /api/kiosk/marketplace: packs on sale, what is open, free lockers by size, free mode, deposit. */
export const useRentalCatalog = () => useQuery(endpointQuery(rentalsApi.catalog, undefined, { retry: 1 }));

/** POST /api/kiosk/quote: the price of a pack now, with an optional voucher. */
export const useRentalQuote = (packId: number | null, voucherCode: string) =>
  useQuery({
    ...endpointQuery(rentalsApi.quote, {
      body: { packId: packId ?? 0, ...(voucherCode ? { voucherCode } : {}) },
    }),
    enabled: packId !== null,
    retry: false,
  });

/** The payment the customer chose; none when nothing is to be paid (free mode, 100 % voucher). */
export type RentalPayment = Pick<KioskRentRequest, 'method' | 'phone'>;

/** POST /api/kiosk/rentals: reserves a locker and pays; answers the PIN and QR once. */
export const useRent = () =>
  useMutation({ mutationFn: (body: KioskRentRequest) => callEndpoint(rentalsApi.rent, { body }) });

/** POST /api/kiosk/rentals/find: the customer's rental by its PIN or the QR shown to the camera. */
export const useFindRental = () =>
  useMutation({
    mutationFn: (body: { pin: string } | { qrCode: string }) => callEndpoint(rentalsApi.find, { body }),
  });

/** GET /api/kiosk/rentals/:id, polled while a payment waits for the customer's approval. */
export const useRentalPoll = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(rentalsApi.get, { params: { id } }),
    enabled,
    refetchInterval: enabled ? 2000 : false,
  });

/** POST .../open: the rented locker's door opens. */
export const useOpenRental = () =>
  useMutation({ mutationFn: (id: number) => callEndpoint(rentalsApi.open, { params: { id } }) });
/** POST .../end: the door opens to collect; the card hold is settled; the locker is freed. */
export const useEndRental = () =>
  useMutation({ mutationFn: (id: number) => callEndpoint(rentalsApi.end, { params: { id } }) });
/** POST .../cancel: a payment not approved is given up and the locker freed. */
export const useCancelRental = () =>
  useMutation({ mutationFn: (id: number) => callEndpoint(rentalsApi.cancel, { params: { id } }) });

/** POST .../extend: more time, paid like the rental. */
export const useExtendRental = () =>
  useMutation({
    mutationFn: ({ id, ...body }: { id: number; packId: number; voucherCode?: string } & RentalPayment) =>
      callEndpoint(rentalsApi.extend, { params: { id }, body }),
  });
