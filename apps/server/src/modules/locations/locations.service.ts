import type { z } from 'zod';
import {
  isLockerInUse,
  lockerHolders,
  locationMode,
  placeType,
  type listPlacesQuerySchema,
  type PlacesExportQuery,
  tileInput,
  type DoorStatus,
  type LocationMode,
  type PlaceType,
  type LockerEnabled,
  type LockerStatus,
  type LockerView,
  type PlaceInput,
  type PlaceUpdate,
  type PlaceView,
} from '@cacifo/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/schema.js';
import { seekPages } from '../../db/keyset.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import type { LockerInfo, LockerInfoRegistry } from '../lockers/locker-info.js';
import {
  locationsRepository as repo,
  placeCursor,
  type LockerRow,
  type PlaceFilter,
} from './locations.repository.js';
import { countLockers, type PlaceCounts } from './place-counts.repository.js';

type PlaceRow = Awaited<ReturnType<typeof repo.listPlaces>>['rows'][number];
/** A place with its counts, from the grouped list query or counted on its loaded lockers. */
type CountedPlace = Pick<
  PlaceRow,
  'id' | 'name' | 'type' | 'system_type' | 'address' | 'mode' | 'exterior_door' | 'updated_at'
> &
  Record<keyof PlaceCounts, number | string>;

/** The repository's filter from the list's query (the export's too): ALL is no type filter. */
function placeFilterOf(f: Pick<PlacesExportQuery, 'type' | 'mode' | 'search'>): PlaceFilter {
  return { type: f.type === 'ALL' ? undefined : f.type, mode: f.mode, search: f.search || undefined };
}

function toLockerView(l: LockerRow, info: Required<LockerInfo>): LockerView {
  return {
    id: l.id,
    placeId: l.place_id,
    doorNumber: l.door_number,
    size: l.size,
    status: l.status as LockerStatus,
    doorStatus: l.door_status as DoorStatus,
    enabled: l.enabled as LockerEnabled,
    accessibility: l.accessibility === 1,
    doorStatusUpdatedAt: l.door_status_updated_at,
    expirationDateTime: l.expiration_date_time,
    locker_users: info.locker_users,
    lockerGroups: info.lockerGroups,
    activeDelivery: info.activeDelivery,
    asset: info.asset,
    rental: info.rental,
    tagsSeen: info.tagsSeen,
  };
}

export class LocationsService {
  constructor(
    private readonly db: Db,
    private readonly lockerInfo: LockerInfoRegistry,
    private readonly onPlaceChanged: (placeId: number) => Promise<void>,
  ) {}

  /** Views of `rows`; pass `placeId` when the rows are every locker of that place (one join each). */
  async lockerViews(rows: LockerRow[], placeId?: number): Promise<LockerView[]> {
    const info = await this.lockerInfo.lookup(
      this.db,
      rows.map((r) => r.id),
      placeId,
    );
    return rows.map((r) => toLockerView(r, info.get(r.id)!));
  }

  private toPlaceView(r: CountedPlace): PlaceView {
    return {
      id: r.id,
      name: r.name,
      type: r.type as PlaceType,
      systemType: r.system_type,
      address: r.address,
      mode: r.mode as LocationMode,
      exteriorDoor: r.exterior_door === 1,
      lockers: Number(r.lockers),
      available: Number(r.available),
      occupied: Number(r.occupied),
      open: Number(r.open),
      alerts: Number(r.alerts),
      offline: Number(r.offline),
      disabled: Number(r.disabled),
      updatedAt: r.updated_at,
    };
  }

  /** The /locations list: filtered (type, mode, name) and sorted (name, type) on the server. */
  async list(f: z.output<typeof listPlacesQuerySchema>) {
    const { rows, total } = await repo.listPlaces(this.db, {
      ...placeFilterOf(f),
      sort: { sort: f.sort, order: f.order },
      limit: f.max_results,
      offset: f.offset,
    });
    return { places: rows.map((r) => this.toPlaceView(r)), totalPlaces: total };
  }

  /** The filtered locations with their counts in the list's order as .xlsx or .csv, streamed. */
  async export(reply: FastifyReply, q: PlacesExportQuery): Promise<FastifyReply> {
    const t = await exportLabels(q.language);
    const f = placeFilterOf(q);
    const s = { sort: q.sort, order: q.order };
    const toView = (r: PlaceRow) => this.toPlaceView(r);
    const pages = seekPages(
      (cursor, limit) => repo.placesAfter(this.db, f, s, cursor, limit),
      (r) => placeCursor(s.sort, r),
    );
    async function* chunks() {
      for await (const rows of pages) yield rows.map(toView);
    }
    const x = (key: string) => t(`locations.${key}`);
    const num = (key: keyof PlaceView) => ({
      header: x(`list.${key}`),
      value: (p: PlaceView) => p[key] as number,
      width: 10,
    });
    return sendExport<PlaceView>(reply, {
      format: q.format,
      fileName: x('list.exportFile'),
      sheetName: x('list.exportSheet'),
      chunks: chunks(),
      columns: [
        { header: x('list.name'), value: (p) => p.name, width: 28 },
        { header: x('list.address'), value: (p) => p.address, width: 30 },
        { header: x('list.type'), value: (p) => t(placeType.labelKey(p.type)), width: 14 },
        { header: x('list.mode'), value: (p) => t(locationMode.labelKey(p.mode)), width: 14 },
        num('lockers'),
        num('available'),
        num('occupied'),
        num('open'),
        num('alerts'),
        num('offline'),
        num('disabled'),
      ],
    });
  }

  async place(id: number): Promise<PlaceView> {
    const { rows } = await repo.listPlaces(this.db, { ids: [id], limit: 1, offset: 0 });
    const [row] = rows;
    if (!row) throw new AppError('notFound');
    return this.toPlaceView(row);
  }

  /** The grid of one place: its lockers are loaded and described once, for the list and the counts. */
  async lockersOf(placeId: number) {
    const [place, lockerRows] = await Promise.all([
      repo.placeById(this.db, placeId),
      repo.lockersOfPlace(this.db, placeId),
    ]);
    if (!place) throw new AppError('notFound');
    const Lockers = await this.lockerViews(lockerRows, placeId);
    return { Place: this.toPlaceView({ ...place, ...countLockers(Lockers) }), Lockers };
  }

  async create(actor: Account, input: PlaceInput): Promise<PlaceView> {
    if (await repo.placeNameTaken(this.db, input.name, null))
      throw new AppError('conflict', { name: 'validation.nameTaken' });
    const now = nowIso();
    const id = await this.db.transaction().execute(async (tx) => {
      const placeId = await repo.insertPlace(tx, { ...input, now });
      await repo.insertLockers(tx, placeId, input.lockers, now);
      await writeAdminLog(tx, {
        actor,
        action: 904,
        place: { id: placeId, name: input.name },
        details: { lockers: input.lockers.length },
      });
      return placeId;
    });
    await this.onPlaceChanged(id);
    return this.place(id);
  }

  /**
   * Edits a location: lockers are matched by door number; new doors are added, changed ones updated,
   * and missing ones removed, but only while nobody holds them (a door in use is never deleted).
   */
  async update(actor: Account, id: number, input: PlaceUpdate): Promise<PlaceView> {
    const place = await repo.placeById(this.db, id);
    if (!place) throw new AppError('notFound');
    if (await repo.placeNameTaken(this.db, input.name, id))
      throw new AppError('conflict', { name: 'validation.nameTaken' });
    const current = await this.lockerViews(await repo.lockersOfPlace(this.db, id), id);
    const wanted = new Map(input.lockers.map((l) => [l.doorNumber, l]));
    const removed = current.filter((l) => !wanted.has(l.doorNumber));
    // A door in use (any status but available, or anyone holding it) is never removed; the refusal
    // names each door and what holds it.
    const inUse = removed.filter((l) => isLockerInUse(tileInput(l)));
    if (inUse.length > 0)
      throw new AppError('lockersInUse', {
        doors: inUse.map((l) => l.doorNumber),
        lockers: inUse.map((l) => ({ doorNumber: l.doorNumber, holders: lockerHolders(tileInput(l)) })),
      });
    const byDoor = new Map(current.map((l) => [l.doorNumber, l]));
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      // First, so a stale edit is refused before any locker is touched.
      await updateIfUnchanged(tx, 'places', { column: 'id', value: id }, input.updatedAt, {
        name: input.name,
        type: input.type,
        system_type: input.systemType,
        address: input.address,
        exterior_door: input.exteriorDoor ? 1 : 0,
      });
      await repo.deleteLockers(
        tx,
        removed.map((l) => l.id),
      );
      for (const l of input.lockers) {
        const existing = byDoor.get(l.doorNumber);
        if (existing) await repo.updateLocker(tx, existing.id, l, now);
      }
      await repo.insertLockers(
        tx,
        id,
        input.lockers.filter((l) => !byDoor.has(l.doorNumber)),
        now,
      );
      await writeAdminLog(tx, {
        actor,
        action: 905,
        place: { id, name: input.name },
        details: { lockers: input.lockers.length, removed: removed.map((l) => l.doorNumber) },
      });
    });
    await this.onPlaceChanged(id);
    return this.place(id);
  }
}
