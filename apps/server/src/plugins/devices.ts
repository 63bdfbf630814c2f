import fp from 'fastify-plugin';
import { ADMIN_LOG_ACTION, MSG_TYPE } from '@cacifo/contract';
import { writeAdminLog } from '../modules/admin-logs/admin-log.service.js';
import { instanceAddress } from '../modules/health/health.routes.js';
import { SimulatorDriver } from '../devices/simulator-driver.js';
import type { DriverLogger, DriverTiming, LockerDriver } from '../devices/locker-driver.js';
import { EventBus } from '../lib/event-bus.js';
import { DoorEventsService } from '../modules/lockers/door-events.service.js';
import { DoorStateCache } from '../modules/lockers/door-state-cache.js';
import { DoorService } from '../modules/lockers/doors.service.js';
import { doorRuntimeRepository } from '../modules/lockers/door-runtime.repository.js';
import { LockerInfoRegistry } from '../modules/lockers/locker-info.js';
import { tagLockerInfo } from '../modules/lockers/locker-tags.repository.js';
import { LockerUpdates } from '../modules/lockers/locker-updates.js';
import { PlaceKeys } from '../modules/wall-offline/place-keys.js';

interface DevicesRuntime {
  driver: LockerDriver;
  events: DoorEventsService;
  /** Registers (or re-registers) the controller of a place after its lockers changed. */
  syncPlace(placeId: number): Promise<void>;
  /** The in-process simulator, when that is the driver: dev routes and tests drive it. */
  simulator: SimulatorDriver | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
    doors: DoorService;
    devices: DevicesRuntime;
    /** Office and delivery facts about lockers (users, parcels), registered by those areas. */
    lockerInfo: LockerInfoRegistry;
    /** Publishes "these lockers changed" (LockerUpdate, UpdateCapacity): every area calls it. */
    lockerUpdates: LockerUpdates;
    /** Each place's key for the credentials its controller checks alone (docs/adr/0125). */
    placeKeys: PlaceKeys;
  }
}

/** The MQTT client library loads only in deployments with a broker, not with the simulator. */
async function mqttDriver(
  url: string,
  prefix: string | undefined,
  sharedGroup: string | undefined,
  timing: Partial<DriverTiming>,
  logger: DriverLogger,
): Promise<LockerDriver> {
  const { createDriver } = await import('../devices/create-driver.js');
  const config = { MQTT_URL: url, MQTT_TOPIC_PREFIX: prefix, MQTT_SHARED_GROUP: sharedGroup };
  return createDriver(config, timing, logger);
}

/**
 * The hardware bridge: one driver (simulator by default, MQTT with MQTT_URL), every place's
 * controller registered at start, device events persisted and fanned out.
 */
export const devicesPlugin = fp<{ driver?: LockerDriver }>(async (app, opts) => {
  const bus = new EventBus((err, event) => app.log.error({ err, event }, 'bus listener failed'));
  app.decorate('bus', bus);
  app.decorate('lockerInfo', new LockerInfoRegistry());
  app.lockerInfo.register(tagLockerInfo);
  const lockerUpdates = new LockerUpdates(app.db, app.realtime, app.log);
  app.decorate('lockerUpdates', lockerUpdates);

  // Malformed messages and skewed controller clocks are logged here, as warnings.
  const logger = app.log.child({ component: 'devices' });
  const timing = { offlineAfterMs: app.config.deviceOfflineAfterMs };
  const placeKeys = await PlaceKeys.load(app.db);
  app.decorate('placeKeys', placeKeys);
  const driver =
    opts.driver ??
    (app.config.mqttUrl
      ? await mqttDriver(
          app.config.mqttUrl,
          app.config.mqttTopicPrefix,
          app.config.mqttSharedGroup,
          timing,
          logger,
        )
      : new SimulatorDriver({
          timing,
          logger,
          simulator: {
            openLatencyMs: app.config.simulator.openLatencyMs,
            autoCloseMs: app.config.simulator.autoCloseMs,
          },
        }));
  // The simulated walls are provisioned with their place keys, as an installer would.
  if (driver instanceof SimulatorDriver) driver.provision((placeId) => placeKeys.keyOf(placeId));
  // What the screens were last told of each door, so that a door report is shown before it is
  // recorded (issue #34).
  const doorStates = new DoorStateCache();
  const unobserve = app.realtime.observe((m) => {
    if (m.MsgType === MSG_TYPE.LOCKER_UPDATE) doorStates.learn(m.Data);
  });
  const events = new DoorEventsService(app.db, bus, lockerUpdates, app.log, doorStates);
  const unsubscribe = driver.subscribe((e) => events.handle(e));
  // The server losing or regaining its broker is in the admin log, by the system (issue #32): the
  // driver logs it too, and the service status shows the link's state and since when.
  const instance = instanceAddress();
  const brokerRecords = new Set<Promise<void>>();
  const unsubscribeBroker = driver.subscribe((e) => {
    if (e.type !== 'broker') return;
    const details = {
      broker: e.url,
      instance,
      ...(e.downSince
        ? {
            downSince: e.downSince.toISOString(),
            downForS: Math.round((e.at.getTime() - e.downSince.getTime()) / 1000),
          }
        : {}),
    };
    const action = e.connected ? ADMIN_LOG_ACTION.BROKER_LINK_BACK : ADMIN_LOG_ACTION.BROKER_LINK_LOST;
    const write = app.db
      .transaction()
      .execute((tx) => writeAdminLog(tx, { actor: null, action, details }))
      .catch((err: unknown) => app.log.error({ err, details }, 'broker link change not recorded'))
      .finally(() => brokerRecords.delete(write));
    brokerRecords.add(write);
  });
  const doors = new DoorService(app.db, driver, events);
  app.decorate('doors', doors);

  const syncPlace = async (placeId: number) => {
    const numbers = await doorRuntimeRepository.doorsOfPlace(app.db, placeId);
    if (numbers.length === 0) await driver.unregister(placeId);
    else await driver.register({ placeId, doors: numbers });
  };
  app.decorate('devices', {
    driver,
    events,
    syncPlace,
    simulator: driver instanceof SimulatorDriver ? driver : null,
  });

  // Counted when asked: copying every door's state on each controller event cost a full copy
  // of 21,000 doors per controller coming online at the large benchmark scale.
  app.deviceStatus = () => {
    const { controllers, online } = driver.controllerCounts();
    const broker = driver.brokerLink();
    return {
      driver: driver.kind,
      ok: controllers === online && (broker?.connected ?? true),
      controllers,
      ...(broker ? { broker: { connected: broker.connected, since: broker.since.toISOString() } } : {}),
    };
  };

  app.addHook('onReady', async () => {
    const places = await doorRuntimeRepository.placesWithDoors(app.db);
    const tags =
      driver instanceof SimulatorDriver ? await doorRuntimeRepository.detectedTagsByPlace(app.db) : null;
    for (const [placeId, numbers] of places) {
      const simulatedTags = tags?.get(placeId);
      await driver.register({ placeId, doors: numbers, ...(simulatedTags ? { simulatedTags } : {}) });
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    unobserve();
    unsubscribeBroker();
    await Promise.all(brokerRecords);
    await driver.close();
    await events.drain();
  });
});
