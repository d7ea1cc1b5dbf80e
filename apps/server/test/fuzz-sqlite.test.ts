import { describeFuzz } from './support/fuzz-suite.ts';

// Every declared route given bad inputs on SQLite: test/support/fuzz-suite.ts.
describeFuzz('sqlite');
