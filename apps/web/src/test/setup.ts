import { configure } from '@testing-library/react';

// findBy*/waitFor wait 1 s by default; a lazily loaded component on a busy CI machine (two cores
// shared with the server tests' databases) can take longer than that to arrive. What is asserted
// does not change, only how long the wait may be.
configure({ asyncUtilTimeout: 10_000 });
