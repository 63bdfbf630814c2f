import { readFileSync } from 'node:fs';

/** What `bench:data` wrote next to the data set (see data.ts). */
export interface DataMeta {
  scale: 'small' | 'large';
  db: 'sqlite' | 'postgres';
  generatedAt: string;
  seconds: number;
  counts: Record<string, number>;
  admin: { username: string; password: string };
  placeIds: number[];
  gridPlaceId: number;
  userIdRange: [number, number];
  orders: number;
  livePackageIds: string[];
  sampleUserName: string;
  dataDir: string;
  databaseUrl: string | null;
}

export function readMeta(file: string): DataMeta {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DataMeta;
  } catch {
    throw new Error(`no generated data at ${file}: run npm run bench:data first`);
  }
}
