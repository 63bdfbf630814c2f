import type { Kysely } from 'kysely';

/**
 * One spelling per card (issue #33): a locker user's `card` is stored as `normaliseCard` gives it
 * (no spaces, colons, dashes or dots; upper case), which is what the kiosk and the controller read.
 * The rule is copied here, not imported: a migration must do tomorrow what it did today.
 *
 * Cards that would become another user's card are not merged or changed: nobody can tell here which
 * person holds the card. Of each group of users whose cards are one card once normalised, the one
 * already spelled normalised (else the oldest) gets the normalised value; the others keep their
 * value as it was and are logged, as are values that are not a hex card at all. Both kinds open
 * nothing at the kiosk until an operator fixes them (docs/adr/0153-one-card-spelling.md).
 */
const normalise = (raw: string) => raw.replace(/[\s:.-]+/g, '').toUpperCase();
const IS_CARD = /^[0-9A-F]{4,32}$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom('locker_users')
    .select(['id', 'card'])
    .where('card', 'is not', null)
    .orderBy('id')
    .execute()) as { id: number | string; card: string }[];
  const groups = new Map<string, { id: number; card: string }[]>();
  for (const r of rows) {
    const key = normalise(r.card);
    groups.set(key, [...(groups.get(key) ?? []), { id: Number(r.id), card: r.card }]);
  }
  for (const [value, group] of groups) {
    if (!IS_CARD.test(value)) {
      for (const u of group)
        console.warn(`migration 0153: user ${u.id} card "${u.card}" is not a hex card, kept as it was`);
      continue;
    }
    const kept = group.find((u) => u.card === value) ?? group[0]!;
    if (kept.card !== value)
      await db.updateTable('locker_users').set({ card: value }).where('id', '=', kept.id).execute();
    const others = group.filter((u) => u !== kept);
    if (others.length === 0) continue;
    // One line per clash, for whoever reads the start's log: who holds the card, who does not.
    console.warn(
      `migration 0153: card clash, not merged: user ${kept.id} holds "${value}"; ` +
        `${others.map((u) => `user ${u.id} "${u.card}"`).join(', ')} kept as it was (opens nothing until fixed)`,
    );
  }
}

// Normalised cards stay normalised: the old spellings are not kept anywhere.
export async function down(): Promise<void> {}
