import { useMutation, useQuery } from '@tanstack/react-query';
import { carrierKioskApi } from '@cacifo/contract/endpoints/carrier-kiosk';
import { kioskApi } from '@cacifo/contract/endpoints/kiosk';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';

/** GET /api/kiosk/screen: where this screen is and what it offers. */
export const useKioskScreen = () => useQuery(endpointQuery(kioskApi.screen, undefined, { retry: 1 }));

/**
 * POST /api/kiosk/pickup: the recipient's SMS code or QR opens the parcel's door at this place
 * (its hook, with the wall as fallback, is offline/use-pickup-or-wall.ts).
 */
export const kioskPickup = (body: { placeId: number; pin?: string; qrCode?: string }, signal: AbortSignal) =>
  callEndpoint(ordersApi.kioskPickup, { body }, { signal });

/** POST /api/kiosk/deposit/courier: a courier's staff PIN. */
export const useCourier = () =>
  useMutation({
    mutationFn: (courierCode: string) => callEndpoint(kioskApi.courier, { body: { courierCode } }),
  });

/** POST /api/kiosk/deposit/parcel: the parcel about to go in, with the free sizes here. */
export const useParcel = () =>
  useMutation({
    mutationFn: (body: { courierCode: string; packageId: string }) => callEndpoint(kioskApi.parcel, { body }),
  });

/** POST /api/kiosk/deposit: a locker of the size here opens for the parcel. */
export const useDeposit = () =>
  useMutation({
    mutationFn: (body: { courierCode: string; packageId: string; size: string }) =>
      callEndpoint(kioskApi.deposit, { body }),
  });

/** A locker user at the office kiosk: a card (read by the reader, typed as keys) or a 4-digit PIN. */
export type KioskCredential = { card: string } | { pin: string };

/** POST /api/kiosk/office/assets: who this is and the assets stored here they may take now (ADR 0072). */
export const useKioskAssets = () =>
  useMutation({
    mutationFn: (credential: KioskCredential) => callEndpoint(officeApi.kioskAssets, { body: credential }),
  });

/** POST /api/kiosk/office/assets/take: the asset's door opens; closing it completes the retrieval. */
export const useTakeAsset = () =>
  useMutation({
    mutationFn: (body: KioskCredential & { assetId: number }) =>
      callEndpoint(officeApi.kioskTakeAsset, { body }),
  });

/** POST /api/kiosk/carrier/parcels: a carrier's 8-digit code of the day lists its parcels for this wall. */
export const useCarrierParcels = () =>
  useMutation({
    mutationFn: (accessCode: string) => callEndpoint(carrierKioskApi.parcels, { body: { accessCode } }),
  });

/** POST /api/kiosk/carrier/deposit: a locker opens for one of the carrier's parcels (its size, or the one chosen). */
export const useCarrierDeposit = () =>
  useMutation({
    mutationFn: (body: { accessCode: string; packageId: string; size?: string }) =>
      callEndpoint(carrierKioskApi.deposit, { body }),
  });

/** POST /api/kiosk/carrier/collect-return: the door of one of the carrier's dropped-off returns opens. */
export const useCarrierCollect = () =>
  useMutation({
    mutationFn: (body: { accessCode: string; packageId: string }) =>
      callEndpoint(carrierKioskApi.collectReturn, { body }),
  });

/** POST /api/kiosk/office/lockers: the doors this person may open here now, own first (issue #33). */
export const useKioskLockers = () =>
  useMutation({
    mutationFn: (credential: KioskCredential) => callEndpoint(officeApi.kioskLockers, { body: credential }),
  });

/** POST /api/kiosk/office/open: opens one of the person's doors here (the one chosen). */
export const useOpenLocker = () =>
  useMutation({
    mutationFn: (body: KioskCredential & { lockerId: number }) => callEndpoint(officeApi.kioskOpen, { body }),
  });

/** POST /api/kiosk/office/assets/returnable: the assets this person has out and may bring back. */
export const useReturnable = () =>
  useMutation({
    mutationFn: (credential: KioskCredential) =>
      callEndpoint(officeApi.kioskReturnableAssets, { body: credential }),
  });

/** POST /api/kiosk/office/assets/return: a door here opens for the asset; closing it stores it. */
export const useReturnAsset = () =>
  useMutation({
    mutationFn: (body: KioskCredential & { assetId: number }) =>
      callEndpoint(officeApi.kioskReturnAsset, { body }),
  });

/** POST /api/kiosk/returns/dropoff: a customer's return code opens a free locker of the return's size. */
export const useReturnDropoff = () =>
  useMutation({
    mutationFn: (returnCode: string) => callEndpoint(carrierKioskApi.returnDropoff, { body: { returnCode } }),
  });
