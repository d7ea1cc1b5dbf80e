import type { ComponentType } from 'react';
import { lazyRoute, moduleLoader, type ModuleLoader } from '../lazy-route.tsx';

/** A config page with its own screen: its code (one chunk), its component and the translations it shows first. */
export type ConfigScreen = {
  load: ModuleLoader<unknown>;
  component: ComponentType;
  namespaces: string[];
};

function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: string[],
): ConfigScreen {
  const loader = moduleLoader(load);
  return {
    load: loader,
    component: lazyRoute(loader, pick),
    namespaces: ['config', ...namespaces],
  };
}

/** The e-mail model editor, for a new model and for a saved one (one chunk, one component). */
const mailModel = screen(
  () => import('./mail-model-route.tsx'),
  (m) => m.MailModelRoute,
  ['mail', 'grapesjs'],
);

/** The onboarding process editor, for a new process and a saved one. */
const onboardingProcess = screen(
  () => import('./onboarding-config-routes.tsx'),
  (m) => m.OnboardingProcessRoute,
  ['onboarding', 'mail'],
);

/** An onboarding e-mail model in the e-mail model editor (issue 41). */
const onboardingMailModel = screen(
  () => import('./mail-model-route.tsx'),
  (m) => m.OnboardingMailModelRoute,
  ['mail', 'grapesjs', 'onboarding'],
);

/**
 * The config pages that have their own screen, by path under /config (the others are "coming
 * soon"). Loaded with the configuration (config-routes.tsx) or, when a config page is opened,
 * by route-modules.ts to preload the page: never with the login page or the dashboard.
 */
export const CONFIG_SCREENS: Record<string, ConfigScreen> = {
  'superadmin-section/sso-domains': screen(
    () => import('./sso-domains-route.tsx'),
    (m) => m.SsoDomainsRoute,
    ['sso'],
  ),
  'superadmin-section/news-popup': screen(
    () => import('./news-route.tsx'),
    (m) => m.NewsRoute,
    ['news', 'projects'],
  ),
  'account-infos/admin-infos': screen(
    () => import('./account-admin-infos-route.tsx'),
    (m) => m.AccountAdminInfosRoute,
    ['company_settings'],
  ),
  'account-infos/subscription': screen(
    () => import('./account-subscription-route.tsx'),
    (m) => m.AccountSubscriptionRoute,
    ['company_settings'],
  ),
  'account-infos/sms': screen(
    () => import('./sms-settings-route.tsx'),
    (m) => m.SmsSettingsRoute,
    ['sms', 'company_settings'],
  ),
  workflow: screen(
    () => import('./workflow-route.tsx'),
    (m) => m.WorkflowRoute,
    ['workflows'],
  ),
  'workflow/new': screen(
    () => import('./workflow-new-route.tsx'),
    (m) => m.WorkflowNewRoute,
    ['workflows'],
  ),
  subsidiaries: screen(
    () => import('./subsidiaries-route.tsx'),
    (m) => m.SubsidiariesRoute,
    ['subsidiaries'],
  ),
  'users/list': screen(
    () => import('./users-list-route.tsx'),
    (m) => m.UsersListRoute,
    ['users'],
  ),
  'users/rights': screen(
    () => import('./users-rights-route.tsx'),
    (m) => m.UsersRightsRoute,
    ['rights'],
  ),
  'users/groups': screen(
    () => import('./users-groups-route.tsx'),
    (m) => m.UsersGroupsRoute,
    ['groups'],
  ),
  'joboffers/image-bank': screen(
    () => import('./image-bank-route.tsx'),
    (m) => m.ImageBankRoute,
    ['offer_settings'],
  ),
  'joboffers/templates': screen(
    () => import('./offer-templates-route.tsx'),
    (m) => m.OfferTemplatesRoute,
    ['offer_settings', 'projects'],
  ),
  'joboffers/application-path': screen(
    () => import('./application-path-route.tsx'),
    (m) => m.ApplicationPathRoute,
    ['offer_settings', 'applicant'],
  ),
  'joboffers/company-description': screen(
    () => import('./company-description-route.tsx'),
    (m) => m.CompanyDescriptionRoute,
    ['company_settings', 'projects'],
  ),
  'joboffers/offer-parameters': screen(
    () => import('./offer-parameters-route.tsx'),
    (m) => m.OfferParametersRoute,
    ['company_settings'],
  ),
  'joboffers/export': screen(
    () => import('./offer-export-route.tsx'),
    (m) => m.OfferExportRoute,
    ['company_settings'],
  ),
  status: screen(
    () => import('./status-route.tsx'),
    (m) => m.StatusRoute,
    ['workflows'],
  ),
  'activity-logs': screen(
    () => import('./activity-logs-route.tsx'),
    (m) => m.ActivityLogsRoute,
    ['audit'],
  ),
  'jobboards/list': screen(
    () => import('./job-boards-route.tsx'),
    (m) => m.JobBoardsRoute,
    ['job_boards'],
  ),
  'career-site': screen(
    () => import('./career-site-route.tsx'),
    (m) => m.CareerSiteRoute,
    ['career_site'],
  ),
  'emails/model': screen(
    () => import('./mail-models-route.tsx'),
    (m) => m.MailModelsRoute,
    ['mail'],
  ),
  'emails/model/new': mailModel,
  'emails/model/:id': mailModel,
  'emails/signature': screen(
    () => import('./mail-signature-route.tsx'),
    (m) => m.MailSignatureRoute,
    ['mail', 'grapesjs'],
  ),
  notifications: screen(
    () => import('./notification-settings-route.tsx'),
    (m) => m.NotificationSettingsRoute,
    ['notification_preferences'],
  ),
  'appointment-template': screen(
    () => import('./appointment-templates-route.tsx'),
    (m) => m.AppointmentTemplatesRoute,
    ['planner', 'mail'],
  ),
  'onboarding/process': screen(
    () => import('./onboarding-config-routes.tsx'),
    (m) => m.OnboardingProcessesRoute,
    ['onboarding'],
  ),
  'onboarding/process/new': onboardingProcess,
  'onboarding/process/:id': onboardingProcess,
  'onboarding/statuses': screen(
    () => import('./onboarding-config-routes.tsx'),
    (m) => m.OnboardingStatusesRoute,
    ['onboarding'],
  ),
  'onboarding/mail-templates': screen(
    () => import('./mail-models-route.tsx'),
    (m) => m.OnboardingMailModelsRoute,
    ['mail', 'onboarding'],
  ),
  'onboarding/mail-templates/new': onboardingMailModel,
  'onboarding/mail-templates/:id': onboardingMailModel,
  'custom-fields': screen(
    () => import('./custom-fields-route.tsx'),
    (m) => m.CustomFieldsRoute,
    ['customFields'],
  ),
};

/** The screen of a path under /config: by its exact path, else by a pattern (`emails/model/:id`). */
export function findConfigScreen(path: string): ConfigScreen | undefined {
  const exact = CONFIG_SCREENS[path];
  if (exact) return exact;
  const segments = path.split('/');
  const pattern = Object.keys(CONFIG_SCREENS).find((key) => {
    const parts = key.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
  return pattern ? CONFIG_SCREENS[pattern] : undefined;
}
