import { nowIso } from '../db/helpers.js';
import { pinDigest } from '../modules/office/office-support.js';
import type { DemoContext } from './seed-types.js';

const USERS = [
  { name: 'Ana Ferreira', number: 'E1001', card: '04A1B2C3', pin: '1357', doors: [1], dept: 'Finanças' },
  { name: 'Bruno Costa', number: 'E1002', card: '04A1B2C4', pin: '2468', doors: [2], dept: 'Tecnologia' },
  { name: 'Carla Sousa', number: 'E1003', card: '04A1B2C5', pin: null, doors: [3], dept: 'Tecnologia' },
  { name: 'Diogo Martins', number: 'E1004', card: null, pin: '3579', doors: [4], dept: 'Comercial' },
  { name: 'Elisa Rodrigues', number: 'E1005', card: '04A1B2C7', pin: '4680', doors: [5], dept: 'Direção' },
  { name: 'Filipe Almeida', number: 'E1006', card: '04A1B2C8', pin: null, doors: [6], dept: 'Comercial' },
  {
    name: 'Gabriela Pinto',
    number: 'E1007',
    card: '04A1B2C9',
    pin: '5791',
    doors: [],
    dept: 'Recursos Humanos',
  },
  { name: 'Hugo Carvalho', number: 'E1008', card: null, pin: null, doors: [], dept: 'Tecnologia' },
  {
    name: 'Inês Gomes',
    number: 'I2001',
    card: '04A1B2D1',
    pin: '6802',
    doors: [13],
    dept: 'Tecnologia',
    intern: true,
  },
  {
    name: 'João Lopes',
    number: 'I2002',
    card: '04A1B2D2',
    pin: null,
    doors: [14],
    dept: 'Comercial',
    intern: true,
    off: true,
  },
] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Office demo: employees and interns at Sede with cards, PINs and lockers, a shared group, a day and
 * a night schedule, two lockers past their time, and a month of door history for the charts.
 */
export async function seedDemoOffice(ctx: DemoContext): Promise<void> {
  const placeId = ctx.ids['place:sede'];
  if (!placeId) return;
  const { db } = ctx;
  const now = Date.now();
  const iso = nowIso();
  const lockers = await db
    .selectFrom('lockers')
    .select(['id', 'door_number'])
    .where('place_id', '=', placeId)
    .execute();
  const lockerOf = new Map(lockers.map((l) => [l.door_number, l.id]));
  // The office kiosk at the entrance: cards and PINs open Sede's lockers, and only those.
  const portaria = ctx.ids['admin:portaria'];
  if (portaria)
    await db
      .insertInto('kiosk_screens')
      .values({ admin_id: portaria, place_id: placeId, created_at: iso })
      .execute();

  const userIds: number[] = [];
  for (const u of USERS) {
    const intern = 'intern' in u && u.intern;
    const { id } = await db
      .insertInto('locker_users')
      .values({
        name: u.name,
        number: u.number,
        number_prefix: '+351',
        card: u.card,
        pin_digest: u.pin ? await pinDigest(db, u.pin) : null,
        email: `${u.name
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z ]/g, '')
          .replace(' ', '.')}@cacifo.pt`,
        phone_number: `91${String(2000000 + userIds.length * 1371).padStart(7, '0')}`,
        login: u.number.toLowerCase(),
        building: 'Sede',
        floor: String(1 + (userIds.length % 4)),
        project: u.dept,
        user_type: intern ? 'intern' : 'employee',
        valid_until: intern ? new Date(now + 90 * DAY).toISOString() : null,
        enabled: 'off' in u && u.off ? 0 : 1,
        country: 'PT',
        created_at: iso,
        updated_at: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(id);
    ctx.ids[`lockerUser:${u.number}`] = id;
    for (const door of u.doors) {
      await db
        .insertInto('user_lockers')
        .values({ user_id: id, locker_id: lockerOf.get(door)!, created_at: iso })
        .execute();
    }
  }

  // Two interns' lockers ran past their time: the expired-lockers screen has work to show.
  for (const [door, hoursAgo] of [
    [13, 3],
    [14, 26],
  ] as const) {
    await db
      .updateTable('lockers')
      .set({ expiration_date_time: new Date(now - hoursAgo * HOUR).toISOString() })
      .where('id', '=', lockerOf.get(door)!)
      .execute();
  }

  const group = async (name: string, description: string, doors: number[], members: number[]) => {
    const { id } = await db
      .insertInto('user_groups')
      .values({ name, description, created_at: iso, updated_at: iso })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (doors.length) {
      await db
        .insertInto('user_group_lockers')
        .values(doors.map((d) => ({ group_id: id, locker_id: lockerOf.get(d)! })))
        .execute();
    }
    if (members.length) {
      await db
        .insertInto('user_group_members')
        .values(members.map((i) => ({ group_id: id, user_id: userIds[i]!, created_at: iso })))
        .execute();
    }
    ctx.ids[`userGroup:${name}`] = id;
    return id;
  };
  const tech = await group(
    'Tecnologia',
    'Equipa de tecnologia: cacifos partilhados de material',
    [7],
    [1, 2, 7, 8],
  );
  // Doors 8-12 hold the demo assets and 15-18 stay free (demo-assets.ts): one holder per locker.
  const night = await group('Segurança noturna', 'Turno da noite', [], [3]);
  await group('Estagiários', 'Estagiários do ano', [], [8, 9]);

  const schedule = async (
    name: string,
    s: { start: string; end: string; days: string; group: number | null },
  ) => {
    const { id } = await db
      .insertInto('schedules')
      .values({
        name,
        start_time: s.start,
        end_time: s.end,
        start_date: null,
        end_date: null,
        weekdays: s.days,
        user_group_id: s.group,
        place_id: placeId,
        created_at: iso,
        updated_at: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.ids[`schedule:${name}`] = id;
    return id;
  };
  await schedule('Horário de expediente', { start: '08:00', end: '20:00', days: '1,2,3,4,5', group: tech });
  await schedule('Turno da noite', { start: '22:00', end: '06:00', days: '1,2,3,4,5,6,7', group: night });
  const interns = await schedule('Estagiários manhã', {
    start: '09:00',
    end: '13:00',
    days: '1,2,3,4,5',
    group: null,
  });
  for (const i of [8, 9]) {
    await db
      .insertInto('user_schedules')
      .values({ user_id: userIds[i]!, schedule_id: interns, created_at: iso })
      .execute();
  }

  // A month of openings: each user opens their locker on most working days, the door closes a few minutes later.
  const events: Array<{
    place_id: number;
    locker_id: number;
    door_number: number;
    door_status: number;
    previous_status: number;
    commanded: number;
    user_id: number | null;
    created_at: string;
  }> = [];
  USERS.forEach((u, i) => {
    const door = u.doors[0];
    if (!door) return;
    for (let d = 30; d >= 1; d--) {
      if ((d + i) % 7 === 0 || (d * (i + 3)) % 5 === 0) continue;
      const opened = now - d * DAY + (8 + (i % 4)) * HOUR + ((d * 13 + i * 7) % 50) * 60_000;
      const base = { place_id: placeId, locker_id: lockerOf.get(door)!, door_number: door };
      events.push({
        ...base,
        door_status: 0,
        previous_status: 2,
        commanded: 1,
        user_id: userIds[i]!,
        created_at: new Date(opened).toISOString(),
      });
      const closes = opened + (1 + ((d + i) % 6)) * 60_000;
      // Now and then a door is left open too long: an alert before it closes.
      if ((d + i) % 11 === 0) {
        events.push({
          ...base,
          door_status: 11,
          previous_status: 0,
          commanded: 0,
          user_id: null,
          created_at: new Date(closes).toISOString(),
        });
        events.push({
          ...base,
          door_status: 2,
          previous_status: 11,
          commanded: 0,
          user_id: null,
          created_at: new Date(closes + 4 * 60_000).toISOString(),
        });
      } else {
        events.push({
          ...base,
          door_status: 2,
          previous_status: 0,
          commanded: 0,
          user_id: null,
          created_at: new Date(closes).toISOString(),
        });
      }
    }
  });
  for (let i = 0; i < events.length; i += 200)
    await db
      .insertInto('door_events')
      .values(events.slice(i, i + 200))
      .execute();
}
