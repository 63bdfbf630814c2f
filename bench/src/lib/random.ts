/** Seeded PRNG (mulberry32): the same scale always generates the same rows. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** Picks by weight: `[[value, weight], ...]`. */
    weighted: <T>(list: ReadonlyArray<readonly [T, number]>): T => {
      const total = list.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of list) if ((r -= w) < 0) return v;
      return list[list.length - 1]![0];
    },
  };
}
export type Rng = ReturnType<typeof rng>;

const DAY = 86_400_000;
const HOUR_WEIGHT = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 3, 6, 8, 9, 9, 10, 9, 8, 8, 9, 10, 9, 7, 5, 4, 3, 2];
const WEEKDAY_WEIGHT = [0.3, 1, 1, 1, 1, 1.1, 0.6]; // Sunday first

/**
 * `n` timestamps over the two years before `end`, sorted oldest first so ids grow with time as in
 * production: busier on weekdays and office hours, and a network that grew (twice the volume at
 * the end as at the start).
 */
export function spreadOverTwoYears(r: Rng, n: number, end: number): Float64Array {
  const span = 730 * DAY;
  const start = end - span;
  const out = new Float64Array(n);
  for (let i = 0; i < n;) {
    const t = start + r.next() * span;
    const d = new Date(t);
    const w =
      (HOUR_WEIGHT[d.getUTCHours()]! / 10) *
      (WEEKDAY_WEIGHT[d.getUTCDay()]! / 1.1) *
      (0.5 + (t - start) / span);
    if (r.next() * 1.5 < w) out[i++] = t;
  }
  return out.sort();
}

const FIRST_NAMES = [
  'Ana',
  'João',
  'Maria',
  'Pedro',
  'Inês',
  'Tiago',
  'Beatriz',
  'Rui',
  'Carla',
  'Miguel',
  'Sofia',
  'Luís',
  'Marta',
  'Nuno',
  'Rita',
  'Paulo',
  'Catarina',
  'André',
  'Joana',
  'Ricardo',
  'Helena',
  'Diogo',
  'Sara',
  'Bruno',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Ferreira',
  'Pereira',
  'Oliveira',
  'Costa',
  'Rodrigues',
  'Martins',
  'Jesus',
  'Sousa',
  'Fernandes',
  'Gonçalves',
  'Gomes',
  'Lopes',
  'Marques',
  'Alves',
  'Almeida',
  'Ribeiro',
  'Pinto',
  'Carvalho',
];
export const CITIES = ['Lisboa', 'Porto', 'Braga', 'Coimbra', 'Faro', 'Aveiro', 'Setúbal', 'Évora', 'Leiria'];
export const COMPANIES = ['Loja Chiado', 'Loja Baixa', 'Loja Boavista', 'Loja Colombo'];

export function personName(r: Rng): string {
  return `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)} ${r.pick(LAST_NAMES)}`;
}
