import type { DriverLogger, DriverTiming, LockerDriver } from './locker-driver.js';
import { MqttDriver } from './mqtt-driver.js';
import { SimulatorDriver } from './simulator-driver.js';

export interface DriverConfig {
  /** Set: drive controllers on this broker. Unset: the in-process simulator. */
  MQTT_URL?: string | undefined;
  MQTT_TOPIC_PREFIX?: string | undefined;
  MQTT_SHARED_GROUP?: string | undefined;
}

/** `createDriver(process.env)` picks the driver the deployment asks for (DECISIONS "Devices"). */
export function createDriver(
  config: DriverConfig,
  timing?: Partial<DriverTiming>,
  logger?: DriverLogger,
): LockerDriver {
  const url = config.MQTT_URL?.trim();
  const common = { ...(timing ? { timing } : {}), ...(logger ? { logger } : {}) };
  if (url) {
    return new MqttDriver({
      url,
      ...(config.MQTT_TOPIC_PREFIX ? { prefix: config.MQTT_TOPIC_PREFIX } : {}),
      ...(config.MQTT_SHARED_GROUP ? { sharedGroup: config.MQTT_SHARED_GROUP } : {}),
      ...common,
    });
  }
  return new SimulatorDriver(common);
}
