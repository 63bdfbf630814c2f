import type { LockerUser } from '@cacifo/contract/schemas/office';
import { safeCellText } from './spreadsheet';

/**
 * Writes the users to an .xlsx (write-excel-file, loaded only when someone exports). Shared by the
 * users screen and the voice assistant; every text cell is escaped against formula injection.
 */
export async function exportUsersXlsx(
  users: LockerUser[],
  labels: {
    fileName: string;
    name: string;
    number: string;
    email: string;
    lockers: string;
    /** Columns the users screen adds; the voice export leaves them out. */
    groups?: string;
    enabled?: string;
    yes?: string;
    no?: string;
  },
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = (value: string) => ({ value, fontWeight: 'bold' as const });
  const optional = [];
  if (labels.groups) {
    optional.push({
      header: header(labels.groups),
      cell: (u: LockerUser) => ({ value: safeCellText(u.groups.map((g) => g.name).join(', ')) }),
      width: 30,
    });
  }
  if (labels.enabled) {
    optional.push({
      header: header(labels.enabled),
      cell: (u: LockerUser) => ({ value: u.enabled ? (labels.yes ?? '1') : (labels.no ?? '0') }),
      width: 10,
    });
  }
  await writeXlsxFile(users, {
    columns: [
      { header: header(labels.name), cell: (u: LockerUser) => ({ value: safeCellText(u.name) }), width: 30 },
      {
        header: header(labels.number),
        cell: (u: LockerUser) => ({ value: safeCellText(u.number) }),
        width: 12,
      },
      {
        header: header(labels.email),
        cell: (u: LockerUser) => ({ value: safeCellText(u.email) }),
        width: 30,
      },
      {
        header: header(labels.lockers),
        cell: (u: LockerUser) => ({
          value: safeCellText(u.lockers.map((l) => `${l.placeName} #${l.doorNumber}`).join(', ')),
        }),
        width: 30,
      },
      ...optional,
    ],
  }).toFile(labels.fileName);
}
