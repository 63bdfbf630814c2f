import type { AccountRole } from '@cacifo/contract';

/** The signed-in caller of a request, as the auth plugin resolves it from the bearer token. */
export interface Account {
  id: number;
  username: string;
  name: string;
  role: AccountRole;
  company: string | null;
  tokenId: number;
}
