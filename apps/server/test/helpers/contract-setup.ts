import { afterEach } from 'vitest';
import { takeContractViolations } from '../../src/lib/reply-contract.js';

// Every server test file: a reply that broke its endpoint's contract (a Data shape the schema does
// not describe, a failure code the entry does not list) fails the test that provoked it.
afterEach(() => {
  const found = takeContractViolations();
  if (found.length) throw new Error(`Endpoint contract broken:\n- ${[...new Set(found)].join('\n- ')}`);
});
