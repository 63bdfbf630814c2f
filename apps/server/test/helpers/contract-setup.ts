import { afterEach } from 'vitest';
import { takeContractViolations } from '../../src/lib/reply-contract.js';
import { useTestWorkFactor } from '../../src/lib/secrets.js';

// Every server test file: a reply that broke its endpoint's contract (a Data shape the schema does
// not describe, a failure code the entry does not list) fails the test that provoked it.
afterEach(() => {
  const found = takeContractViolations();
  if (found.length) throw new Error(`Endpoint contract broken:\n- ${[...new Set(found)].join('\n- ')}`);
});

// Passwords and PINs hashed in tests use a cheap scrypt cost (see secrets.ts: it refuses outside
// Vitest, and servers the tests spawn as processes keep the production cost).
useTestWorkFactor();
