import type { Migration } from '../columns.ts';
import { identity } from './0001_identity.ts';
import { projectsOffers } from './0002_projects_offers.ts';
import { applicationsPipeline } from './0003_applications.ts';
import { projectDocuments } from './0004_project_documents.ts';
import { summaryLanguage } from './0005_summary_language.ts';
import { seeSpontaneous } from './0007_see_spontaneous.ts';
import { listCounters } from './0008_list_counters.ts';
import { activityFeed } from './0009_activity_feed.ts';
import { shares } from './0010_shares.ts';
import { listOrders } from './0011_list_orders.ts';
import { notifications } from './0012_notifications.ts';
import { sms } from './0013_sms.ts';
import { recruitmentLists } from './0014_recruitment_lists.ts';
import { sourcing } from './0015_sourcing.ts';
import { lastApplication } from './0016_last_application.ts';
import { auditLog } from './0017_audit_log.ts';
import { passwordResets } from './0018_password_resets.ts';
import { usersAdmin } from './0019_users_admin.ts';
import { groupNames } from './0020_group_names.ts';
import { actingRole } from './0021_acting_role.ts';
import { companySso } from './0022_company_sso.ts';
import { userImports } from './0023_user_imports.ts';
import { searchFacets } from './0024_search_facets.ts';
import { workflows } from './0026_workflows.ts';
import { companySettings } from './0025_company_settings.ts';
import { subsidiariesJobBoards } from './0027_subsidiaries_job_boards.ts';
import { customFields } from './0028_custom_fields.ts';
import { offerSettings } from './0029_offer_settings.ts';
import { searchIdentity } from './0031_search_identity.ts';
import { offerGroups } from './0030_offer_groups.ts';
import { offerExportSchedules } from './0032_offer_export_schedules.ts';
import { searchIdentityTable } from './0033_search_identity_table.ts';
import { searchIndexColumns } from './0034_search_index_columns.ts';
import { counterProjects } from './0035_counter_projects.ts';
import { companyTreatCounters } from './0036_company_treat_counters.ts';
import { searchWords } from './0037_search_words.ts';
import { ssoDomainVerification } from './0039_sso_domain_verification.ts';
import { smsDestinations } from './0040_sms_destinations.ts';
import { taskLeases } from './0041_task_leases.ts';
import { careerSites } from './0042_career_sites.ts';
import { careerSiteApplications } from './0043_career_site_applications.ts';
import { talentCommunity } from './0044_talent_community.ts';
import { careerSiteListIndex } from './0045_career_site_list_index.ts';
import { customFieldsAskedOnSite } from './0046_custom_fields_asked_on_site.ts';
import { mailModels } from './0047_mail_models.ts';
import { mailings } from './0048_mailings.ts';
import { news } from './0049_news.ts';
import { notificationPreferences } from './0050_notification_preferences.ts';
import { mailSignatures } from './0051_mail_signatures.ts';
import { planner } from './0052_planner.ts';
import { bookingLinks } from './0053_booking_links.ts';
import { plannerFeeds } from './0054_planner_feeds.ts';
import { statusHistory } from './0055_status_history.ts';
import { statisticsCounts } from './0056_statistics_counts.ts';
import { mailAttachments } from './0058_mail_attachments.ts';
import { userTimeZones } from './0059_user_time_zones.ts';
import { mailingMembers } from './0060_mailing_members.ts';
import { statisticsOfferCounts } from './0061_statistics_offer_counts.ts';
import { onboarding } from './0062_onboarding.ts';
import { bulkOperations } from './0063_bulk_operations.ts';
import { statisticsBoardGroups } from './0065_statistics_board_groups.ts';
import { onboardingTaskCounters } from './0066_onboarding_task_counters.ts';
import { bulkOperationFiles } from './0067_bulk_operation_files.ts';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Migration[] = [
  identity,
  projectsOffers,
  applicationsPipeline,
  projectDocuments,
  summaryLanguage,
  seeSpontaneous,
  listCounters,
  activityFeed,
  shares,
  listOrders,
  notifications,
  sms,
  recruitmentLists,
  sourcing,
  lastApplication,
  auditLog,
  passwordResets,
  usersAdmin,
  groupNames,
  actingRole,
  companySso,
  userImports,
  searchFacets,
  companySettings,
  workflows,
  subsidiariesJobBoards,
  customFields,
  offerSettings,
  offerGroups,
  searchIdentity,
  offerExportSchedules,
  searchIdentityTable,
  searchIndexColumns,
  counterProjects,
  companyTreatCounters,
  searchWords,
  ssoDomainVerification,
  smsDestinations,
  taskLeases,
  careerSites,
  careerSiteApplications,
  talentCommunity,
  careerSiteListIndex,
  customFieldsAskedOnSite,
  mailModels,
  mailings,
  news,
  notificationPreferences,
  mailSignatures,
  planner,
  bookingLinks,
  plannerFeeds,
  statusHistory,
  statisticsCounts,
  mailAttachments,
  userTimeZones,
  mailingMembers,
  statisticsOfferCounts,
  onboarding,
  bulkOperations,
  statisticsBoardGroups,
  onboardingTaskCounters,
  bulkOperationFiles,
];
