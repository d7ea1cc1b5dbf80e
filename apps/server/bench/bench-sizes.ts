// The benchmark company's two sizes (docs/benchmarks.md) and what the scenarios look for in it.
export type BenchSize = {
  name: string;
  offers: number;
  folders: number;
  leavesPerFolder: number;
  applicants: number;
  /** Every application, the big offer's included. */
  applications: number;
  bigOfferApplications: number;
};

export const SIZES: Record<string, BenchSize> = {
  default: {
    name: 'default',
    offers: 10_000,
    folders: 50,
    leavesPerFolder: 9, // 50 folders + 450 leaves = 500 projects
    applicants: 100_000,
    applications: 35_000,
    bigOfferApplications: 5_000,
  },
  '1m': {
    name: '1m',
    offers: 20_000,
    folders: 50,
    leavesPerFolder: 9,
    applicants: 300_000,
    applications: 1_000_000,
    bigOfferApplications: 5_000,
  },
};

export const EMAIL = 'bench@bench.test';
export const PASSWORD = 'bench-password';
/** The reference of the offer that holds the big offer's applications. */
export const BIG_OFFER_REFERENCE = 'BEN-2';
/** A CV word that exactly CV_WORD_HITS applicants have, at every size. */
export const CV_WORD = 'soudure';
export const CV_WORD_HITS = 25_000;
