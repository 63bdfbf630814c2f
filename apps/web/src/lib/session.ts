import { ACCOUNT_ROLES } from '@cacifo/contract/roles';
import { ALL_MODULES } from '@cacifo/contract/permissions';
import type { AccountRole, Module } from '@cacifo/contract';
import { createStore, readStorage, useStore, writeStorage } from './store';

/** What SPEC §3 calls the session (userRole, accessToken, username, assignedStore), plus refresh data. */
export interface AuthSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token stops working. */
  expiresAt: number;
  username: string;
  name: string;
  userRole: AccountRole;
  assignedStore: string | null;
  modules: Module[];
}

export type SessionEndReason = 'expired' | 'logout';

interface SessionState {
  auth: AuthSession | null;
  /** Why the last session ended, so the login page can say so. */
  endReason: SessionEndReason | null;
}

const AUTH_STORAGE_KEY = 'auth';

/** Whatever sits in storage may come from an older build or a curious user: check every field. */
function parseAuth(raw: unknown): AuthSession | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const ok =
    typeof r.accessToken === 'string' &&
    r.accessToken.length > 0 &&
    typeof r.refreshToken === 'string' &&
    typeof r.expiresAt === 'number' &&
    typeof r.username === 'string' &&
    typeof r.name === 'string' &&
    (ACCOUNT_ROLES as readonly unknown[]).includes(r.userRole) &&
    (r.assignedStore === null || typeof r.assignedStore === 'string') &&
    Array.isArray(r.modules) &&
    r.modules.every((m) => ALL_MODULES.includes(m as Module));
  return ok ? (r as unknown as AuthSession) : null;
}

/**
 * Why the last session ended, kept for the tab (sessionStorage): a request that hit 401 may already
 * have sent the user to /login, and a reload of that page must still say the session expired.
 */
const END_REASON_KEY = 'sessionEndReason';
function readEndReason(): SessionEndReason | null {
  try {
    const v = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(END_REASON_KEY);
    return v === 'expired' || v === 'logout' ? v : null;
  } catch {
    return null;
  }
}
function writeEndReason(reason: SessionEndReason | null) {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (reason) sessionStorage.setItem(END_REASON_KEY, reason);
    else sessionStorage.removeItem(END_REASON_KEY);
  } catch {
    // Storage can be unavailable (private mode quotas): the notice is a courtesy.
  }
}

const initialAuth = readStorage(AUTH_STORAGE_KEY, parseAuth);
export const sessionStore = createStore<SessionState>({
  auth: initialAuth,
  endReason: initialAuth ? null : readEndReason(),
});

sessionStore.subscribe(() => {
  const { auth, endReason } = sessionStore.get();
  writeStorage(AUTH_STORAGE_KEY, auth);
  writeEndReason(auth ? null : endReason);
});

// Another tab logging out or in must not leave this one on a dead token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== AUTH_STORAGE_KEY) return;
    const auth = readStorage(AUTH_STORAGE_KEY, parseAuth);
    sessionStore.set((s) => ({ auth, endReason: auth ? null : (s.endReason ?? 'logout') }));
  });
}

export function getSession(): AuthSession | null {
  return sessionStore.get().auth;
}

export function startSession(auth: AuthSession): void {
  sessionStore.set({ auth, endReason: null });
}

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x, i) => Object.is(x, b[i]))
    : Object.is(a, b);

/**
 * Patches the session. A patch that changes nothing (the shell re-reading the same user on every
 * start) keeps the same object, so the whole signed-in tree does not render again for nothing.
 */
export function updateSession(patch: Partial<AuthSession>): void {
  sessionStore.set((s) => {
    const auth = s.auth;
    if (!auth) return s;
    const changed = (Object.keys(patch) as Array<keyof AuthSession>).some(
      (k) => !sameValue(auth[k], patch[k]),
    );
    return changed ? { ...s, auth: { ...auth, ...patch } } : s;
  });
}

/** Ends the session once; later calls (several 401s in flight) keep the first reason. */
export function endSession(reason: SessionEndReason): boolean {
  if (!sessionStore.get().auth) return false;
  sessionStore.set({ auth: null, endReason: reason });
  return true;
}

export function useSession(): AuthSession | null {
  return useStore(sessionStore).auth;
}

export function useSessionEndReason(): SessionEndReason | null {
  return useStore(sessionStore).endReason;
}
