import type { CompanyTables } from './schema/company-tables.ts';
import type { UserTables } from './schema/user-tables.ts';
import type { OfferTables } from './schema/offer-tables.ts';
import type { ApplicationTables } from './schema/application-tables.ts';
import type { ApplicantTables } from './schema/applicant-tables.ts';
import type { ActivityTables } from './schema/activity-tables.ts';
import type { PlatformTables } from './schema/platform-tables.ts';
import type { CommunityTables } from './schema/community-tables.ts';
import type { NewsTables } from './schema/news-tables.ts';
import type { SignatureTables } from './schema/signature-tables.ts';
import type { PlannerTables } from './schema/planner-tables.ts';
import type { StatisticsTables } from './schema/statistics-tables.ts';
import type { OnboardingTables } from './schema/onboarding-tables.ts';

export type * from './schema/column-types.ts';
export type * from './schema/company-tables.ts';
export type * from './schema/user-tables.ts';
export type * from './schema/offer-tables.ts';
export type * from './schema/application-tables.ts';
export type * from './schema/applicant-tables.ts';
export type * from './schema/activity-tables.ts';
export type * from './schema/platform-tables.ts';
export type * from './schema/community-tables.ts';
export type * from './schema/news-tables.ts';
export type * from './schema/signature-tables.ts';
export type * from './schema/planner-tables.ts';
export type * from './schema/statistics-tables.ts';
export type * from './schema/onboarding-tables.ts';

/** The database's tables as Kysely sees them, one file per area under `schema/`. */
export interface DB
  extends
    CompanyTables,
    UserTables,
    OfferTables,
    ApplicationTables,
    ApplicantTables,
    ActivityTables,
    PlatformTables,
    CommunityTables,
    NewsTables,
    PlannerTables,
    StatisticsTables,
    OnboardingTables,
    SignatureTables {}
