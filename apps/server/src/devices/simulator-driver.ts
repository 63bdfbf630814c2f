import type {
  DeviceCommand,
  DeviceConfig,
  DeviceCredentialDelta,
  DeviceCredentialSet,
  DeviceJournalAck,
} from '@cacifo/contract';
import { LocalAccess, OfflineAgent, SimulatedController, type SimulatorTiming } from '@cacifo/simulator';
import type { ControllerRegistration } from './locker-driver.js';
import { ProtocolDriver, type ProtocolDriverOptions } from './protocol-driver.js';

export interface SimulatorDriverOptions extends ProtocolDriverOptions {
  /** Applied to every simulated controller this driver creates. */
  simulator?: Partial<SimulatorTiming> & {
    /** Every simulated wall has an exterior (courier/street) door (default true). */
    exteriorDoor?: boolean;
  };
}

interface Running {
  controller: SimulatedController;
  agent: OfflineAgent;
  local: LocalAccess;
  unlisten: () => void;
}

/**
 * The default driver: every registered place gets an in-process simulated controller that speaks
 * the same messages as one on MQTT. `simulator(placeId)` hands out its controls for dev routes.
 */
export class SimulatorDriver extends ProtocolDriver {
  readonly kind = 'simulator' as const;
  private readonly running = new Map<number, Running>();
  private readonly simulatorTiming: Partial<SimulatorTiming> & { exteriorDoor?: boolean };
  private placeKey: (placeId: number) => Buffer | null = () => null;

  constructor(options: SimulatorDriverOptions = {}) {
    super(options);
    this.simulatorTiming = options.simulator ?? {};
  }

  /**
   * The place key each simulated controller is provisioned with (docs/adr/0125), for those started
   * from now on (at registration); without one a wall decides nothing alone.
   */
  provision(placeKey: (placeId: number) => Buffer | null): void {
    this.placeKey = placeKey;
  }

  /** The simulated wall's own keypad, card and QR reader (the local API's logic), for dev routes. */
  localAccess(placeId: number): LocalAccess | undefined {
    return this.running.get(placeId)?.local;
  }

  /** The simulated controller of a place, to open doors by hand, place tags or inject faults. */
  simulator(placeId: number): SimulatedController | undefined {
    return this.running.get(placeId)?.controller;
  }

  private readonly startTags = new Map<number, ReadonlyMap<number, readonly string[]>>();

  override async register(registration: ControllerRegistration): Promise<void> {
    if (registration.simulatedTags) this.startTags.set(registration.placeId, registration.simulatedTags);
    const current = this.running.get(registration.placeId)?.controller.doorNumbers;
    await super.register(registration);
    const same =
      current?.length === registration.doors.length && registration.doors.every((d) => current.includes(d));
    // The hardware of a place changed (lockers added or removed): swap in a matching controller.
    if (current && !same) {
      this.detach(registration.placeId);
      this.attach(registration.placeId);
      await this.trySendConfig(registration.placeId);
    }
  }

  protected sendConfig(placeId: number, config: DeviceConfig): void {
    this.running.get(placeId)?.controller.applyConfig(config);
  }

  protected sendCredentials(placeId: number, set: DeviceCredentialSet, delta: DeviceCredentialDelta | null) {
    const agent = this.running.get(placeId)?.agent;
    if (!agent) return;
    if (!delta || !agent.applyDelta(delta)) agent.applyCredentials(set);
  }

  protected sendJournalAck(placeId: number, ack: DeviceJournalAck): void {
    this.running.get(placeId)?.agent.applyAck(ack);
  }

  /** In process the server is always there: each beat lets the agents send their journal. */
  protected sendServerHeartbeat(): void {
    for (const { agent } of this.running.values()) agent.serverSeen();
  }

  protected send(placeId: number, command: DeviceCommand): void {
    const running = this.running.get(placeId);
    if (!running) throw new Error(`No simulated controller for place ${placeId}`);
    running.controller.handleCommand(command);
  }

  protected attach(placeId: number): void {
    const doors = this.controllers.get(placeId)?.doorNumbers ?? [];
    const controller = new SimulatedController({
      exteriorDoor: true,
      ...this.simulatorTiming,
      placeId,
      doors,
      clock: this.clock,
      ...(this.startTags.has(placeId) ? { tags: this.startTags.get(placeId) } : {}),
    });
    const unlisten = controller.onMessage((message) => this.receive(placeId, message));
    const agent = new OfflineAgent({ controller, key: this.placeKey(placeId), clock: this.clock });
    const unjournal = agent.onJournal((entry) => this.receiveJournal(placeId, entry));
    const local = new LocalAccess(agent, this.clock);
    this.running.set(placeId, {
      controller,
      agent,
      local,
      unlisten: () => {
        unlisten();
        unjournal();
        agent.stop();
      },
    });
    controller.start();
    // In process the server is there from the start.
    agent.serverSeen();
  }

  protected detach(placeId: number): void {
    const running = this.running.get(placeId);
    if (!running) return;
    this.running.delete(placeId);
    running.controller.stop();
    running.unlisten();
  }

  protected shutdown(): void {
    for (const placeId of [...this.running.keys()]) this.detach(placeId);
  }
}
