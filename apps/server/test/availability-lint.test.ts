import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The availability rule has one home (docs/adr/0070). A repository that spells out "status 0" or
 * "door closed" itself is a second rule waiting to drift: the lint config must refuse it, and leave
 * the rule's own file alone.
 */
it('refuses a free-locker rule written outside the availability repository', async () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const bypass = `
    import type { DbOrTx } from '../../db/schema.js';
    export const sneakyRepository = {
      free(db: DbOrTx) {
        return db.selectFrom('lockers as k').select('k.id')
          .where('k.status', '=', 0).where('k.door_status', '=', 2).where('k.enabled', '=', 1).execute();
      },
      again(db: DbOrTx) {
        return db.selectFrom('lockers').select('id')
          .where('status', '=', LOCKER_STATUS.AVAILABLE).where('door_status', '=', DOOR_STATUS.CLOSED).execute();
      },
      other(db: DbOrTx) {
        return db.selectFrom('lockers').select('id').where('status', '!=', 0).where('door_status', '=', 255).execute();
      },
    };
    declare const LOCKER_STATUS: { AVAILABLE: 0 };
    declare const DOOR_STATUS: { CLOSED: 2 };
  `;
  const lint = async (filePath: string) => {
    const [result] = await eslint.lintText(bypass, { filePath: `${repoRoot}/${filePath}` });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
  };
  // Four conditions of the rule, in a repository and in a service; none for other conditions.
  expect(await lint('apps/server/src/modules/orders/sneaky.repository.ts')).toEqual([5, 5, 9, 9]);
  expect((await lint('apps/server/src/modules/orders/sneaky.service.ts')).length).toBeGreaterThanOrEqual(4);
  expect(await lint('apps/server/src/modules/lockers/locker-availability.repository.ts')).toEqual([]);
}, 60_000);
