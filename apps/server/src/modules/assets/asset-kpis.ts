import type { AssetKpis, AssetKpiWindow } from '@cacifo/contract';

export interface UseRow {
  user_id: number | null;
  username: string | null;
  admin_id: number | null;
  admin_name: string | null;
  created_at: string;
}

const DAY_MS = 86_400_000;
/** The daily chart compares the last 30 days with the 30 before. */
const DAILY_DAYS = 30;

/** UTC calendar day, `YYYY-MM-DD`. */
function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Start (inclusive, ISO) of a window of `days` calendar days ending today (UTC). */
export function windowStart(now: Date, days: number): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS).toISOString();
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function windowOf(uses: UseRow[], now: Date, days: number): AssetKpiWindow {
  const start = windowStart(now, days);
  const inWindow = uses.filter((u) => u.created_at >= start);
  const byPerson = new Map<string, AssetKpiWindow['users'][number]>();
  for (const u of inWindow) {
    // A kiosk use is the locker user's; an admin open counts for that admin.
    const key = u.user_id !== null ? `u${u.user_id}` : `a${u.admin_id ?? 0}`;
    const entry = byPerson.get(key) ?? {
      userId: u.user_id,
      adminId: u.user_id !== null ? null : u.admin_id,
      name: (u.user_id !== null ? u.username : u.admin_name) ?? '',
      uses: 0,
    };
    entry.uses += 1;
    byPerson.set(key, entry);
  }
  const users = [...byPerson.values()].sort((a, b) => b.uses - a.uses || a.name.localeCompare(b.name));
  return {
    days,
    totalUses: inWindow.length,
    averageDailyUses: round2(inWindow.length / days),
    usesPerUser: users.length === 0 ? 0 : round2(inWindow.length / users.length),
    users,
  };
}

function daily(uses: UseRow[], now: Date, fromDaysAgo: number): Array<{ date: string; uses: number }> {
  const counts = new Map<string, number>();
  for (const u of uses)
    counts.set(u.created_at.slice(0, 10), (counts.get(u.created_at.slice(0, 10)) ?? 0) + 1);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const out: Array<{ date: string; uses: number }> = [];
  for (let i = fromDaysAgo + DAILY_DAYS - 1; i >= fromDaysAgo; i--) {
    const date = dayOf(new Date(today - i * DAY_MS));
    out.push({ date, uses: counts.get(date) ?? 0 });
  }
  return out;
}

/**
 * KPIs of one asset from its uses (docs/api/assets.md). `uses` must hold every use since the
 * start of the longest window; `totalUses` is the all-time count.
 */
export function computeKpis(assetId: number, totalUses: number, uses: UseRow[], now: Date): AssetKpis {
  return {
    assetId,
    totalUses,
    last15Days: windowOf(uses, now, 15),
    last30Days: windowOf(uses, now, 30),
    last365Days: windowOf(uses, now, 365),
    dailyUses: { current: daily(uses, now, 0), previous: daily(uses, now, DAILY_DAYS) },
  };
}
