import type { ImportProgress } from '@cacifo/contract';

type Progress = NonNullable<ImportProgress>;

/** How long a finished import's progress stays readable: the page's last poll comes seconds later. */
const KEPT_MS = 10 * 60_000;
/** Rows checked between two yields to the event loop, so a progress poll is answered meanwhile. */
export const IMPORT_CHECK_BATCH = 500;
/** Orders written (with their logs and announcement) between two progress figures and yields. */
export const IMPORT_WRITE_BATCH = 500;

/**
 * Progress of the imports running on this instance, by caller and the id the client chose. Kept in
 * memory: it lives seconds, and a poll that reaches another instance answers null, which the page
 * shows as an import without figures (docs/adr/0032). A caller reads only their own imports.
 */
export class ImportProgressBoard {
  private readonly entries = new Map<string, { progress: Progress; at: number }>();

  /** The reporter of one import; a no-op when the client asked for no progress. */
  start(accountId: number, id: string | undefined): ImportProgressReporter {
    this.prune();
    if (!id) return new ImportProgressReporter(null);
    const entry = {
      progress: {
        phase: 'reading',
        rowsRead: 0,
        rowsChecked: 0,
        rowsWritten: 0,
        rowsToWrite: 0,
      } as Progress,
      at: Date.now(),
    };
    this.entries.set(`${accountId}:${id}`, entry);
    return new ImportProgressReporter(entry);
  }

  read(accountId: number, id: string): ImportProgress {
    this.prune();
    const e = this.entries.get(`${accountId}:${id}`);
    return e ? { ...e.progress } : null;
  }

  private prune() {
    const old = Date.now() - KEPT_MS;
    for (const [k, e] of this.entries) if (e.at < old) this.entries.delete(k);
  }
}

export class ImportProgressReporter {
  constructor(private readonly entry: { progress: Progress; at: number } | null) {}

  update(change: Partial<Progress>) {
    if (!this.entry) return;
    Object.assign(this.entry.progress, change);
    this.entry.at = Date.now();
  }
}
