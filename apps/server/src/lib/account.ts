import type { AccountRole, ApiScope } from '@cacifo/contract';

/** The signed-in caller of a request, as the auth plugin resolves it from the bearer token. */
export interface Account {
  id: number;
  username: string;
  name: string;
  role: AccountRole;
  company: string | null;
  tokenId: number;
  /** The caller's address (after TRUST_PROXY), for limits counted per address; unset off a request. */
  address?: string;
}

/** A partner's system calling with an API key (issue #24): never an account, never a role. */
export interface ApiKeyCaller {
  id: number;
  name: string;
  scopes: ApiScope[];
  /** The client (today its `company` text) whose orders the key reaches, and only those (ADR 0100). */
  company: string;
}

/** The place a kiosk screen account is installed at (kiosk_screens). */
export interface KioskPlace {
  id: number;
  name: string;
  type: string;
}

/**
 * A screen account on a kiosk route, with the place it is bound to. The auth plugin resolves the
 * place once per request (an unbound screen is refused there), so no service reads a place the
 * caller named: every kiosk call acts on this one (issue #20).
 */
export interface KioskCaller extends Account {
  place: KioskPlace;
}
