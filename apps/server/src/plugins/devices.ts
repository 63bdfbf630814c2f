import fp from 'fastify-plugin';
import { SimulatorDriver } from '../devices/simulator-driver.js';
import type { LockerDriver } from '../devices/locker-driver.js';
import { EventBus } from '../lib/event-bus.js';
import { DoorEventsService } from '../modules/lockers/door-events.service.js';
import { DoorService } from '../modules/lockers/doors.service.js';
import { doorRuntimeRepository } from '../modules/lockers/door-runtime.repository.js';
import { LockerInfoRegistry } from '../modules/lockers/locker-info.js';

export interface DevicesRuntime {
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
  }
}

/** The MQTT client library loads only in deployments with a broker, not with the simulator. */
async function mqttDriver(url: string, prefix: string | undefined): Promise<LockerDriver> {
  const { createDriver } = await import('../devices/create-driver.js');
  return createDriver({ MQTT_URL: url, MQTT_TOPIC_PREFIX: prefix });
}

/**
 * The hardware bridge: one driver (simulator by default, MQTT with MQTT_URL), every place's
 * controller registered at start, device events persisted and fanned out.
 */
export const devicesPlugin = fp<{ driver?: LockerDriver }>(async (app, opts) => {
  const bus = new EventBus((err, event) => app.log.error({ err, event }, 'bus listener failed'));
  app.decorate('bus', bus);
  app.decorate('lockerInfo', new LockerInfoRegistry());

  const driver =
    opts.driver ??
    (app.config.mqttUrl
      ? await mqttDriver(app.config.mqttUrl, app.config.mqttTopicPrefix)
      : new SimulatorDriver({
          simulator: {
            openLatencyMs: app.config.simulator.openLatencyMs,
            autoCloseMs: app.config.simulator.autoCloseMs,
          },
        }));
  const events = new DoorEventsService(app.db, bus, app.realtime, app.log);
  const unsubscribe = driver.subscribe((e) => events.handle(e));
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
    return { driver: driver.kind, ok: controllers === online, controllers };
  };

  app.addHook('onReady', async () => {
    const places = await doorRuntimeRepository.placesWithDoors(app.db);
    for (const [placeId, numbers] of places) await driver.register({ placeId, doors: numbers });
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await driver.close();
    await events.drain();
  });
});
