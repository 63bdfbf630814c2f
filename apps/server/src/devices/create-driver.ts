import type { DriverTiming, LockerDriver } from './locker-driver.js';
import { MqttDriver } from './mqtt-driver.js';
import { SimulatorDriver } from './simulator-driver.js';

export interface DriverConfig {
  /** Set: drive controllers on this broker. Unset: the in-process simulator. */
  MQTT_URL?: string | undefined;
  MQTT_TOPIC_PREFIX?: string | undefined;
}

/** `createDriver(process.env)` picks the driver the deployment asks for (DECISIONS "Devices"). */
export function createDriver(config: DriverConfig, timing?: Partial<DriverTiming>): LockerDriver {
  const url = config.MQTT_URL?.trim();
  if (url) {
    return new MqttDriver({
      url,
      ...(config.MQTT_TOPIC_PREFIX ? { prefix: config.MQTT_TOPIC_PREFIX } : {}),
      ...(timing ? { timing } : {}),
    });
  }
  return new SimulatorDriver(timing ? { timing } : {});
}
