import type { LockerUser } from '@cacifo/contract/schemas/office';

/** Writes the users to an .xlsx (write-excel-file, loaded only when someone exports). */
export async function exportUsersXlsx(
  users: LockerUser[],
  labels: {
    fileName: string;
    name: string;
    number: string;
    email: string;
    lockers: string;
    groups: string;
    enabled: string;
    yes: string;
    no: string;
  },
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = (value: string) => ({ value, fontWeight: 'bold' as const });
  await writeXlsxFile(users, {
    columns: [
      { header: header(labels.name), cell: (u: LockerUser) => ({ value: u.name }), width: 30 },
      { header: header(labels.number), cell: (u: LockerUser) => ({ value: u.number ?? '' }), width: 12 },
      { header: header(labels.email), cell: (u: LockerUser) => ({ value: u.email ?? '' }), width: 30 },
      {
        header: header(labels.lockers),
        cell: (u: LockerUser) => ({
          value: u.lockers.map((l) => `${l.placeName} #${l.doorNumber}`).join(', '),
        }),
        width: 30,
      },
      {
        header: header(labels.groups),
        cell: (u: LockerUser) => ({ value: u.groups.map((g) => g.name).join(', ') }),
        width: 30,
      },
      {
        header: header(labels.enabled),
        cell: (u: LockerUser) => ({ value: u.enabled ? labels.yes : labels.no }),
        width: 10,
      },
    ],
  }).toFile(labels.fileName);
}
