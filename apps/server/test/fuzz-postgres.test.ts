import { describeFuzz } from './support/fuzz-suite.ts';

// Every declared route given bad inputs on PostgreSQL (when TEST_DATABASE_URL is set): test/support/fuzz-suite.ts.
describeFuzz('postgres');
