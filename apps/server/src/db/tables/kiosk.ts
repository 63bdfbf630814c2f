/** Tables of the kiosks' own (issue #33): wrong codes per credential (docs/adr/0130). */
interface KioskAttemptsTable {
  /** `kiosk:<kind>:<scope>:<id>`: the typed input (hashed), the screen, or the place. */
  key: string;
  /** Failures in the window that began at `window_start`. */
  failures: number;
  window_start: string;
  /** Past the free failures: before this instant the key answers "wait" without evaluating. */
  blocked_until: string | null;
}

export interface KioskTables {
  kiosk_attempts: KioskAttemptsTable;
}
