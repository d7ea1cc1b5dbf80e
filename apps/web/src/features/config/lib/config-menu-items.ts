import {
  Activity, Bell, Briefcase, Building2, CalendarClock, CreditCard, Download, FileText, Globe, Images,
  Info, LayoutTemplate, ListChecks, Mail, Megaphone, MessageSquareText, MessagesSquare, Network, Newspaper, Rocket, Route,
  ShieldAlert, ShieldCheck, Signature, SlidersHorizontal, Tags, TextCursorInput, Users, UsersRound,
  List, Workflow, Mails, ListTodo,
  type LucideIcon,
} from 'lucide-react';
import type { Feature } from '@embauche/contracts/constants';
import type { Access } from '@embauche/contracts/permissions';

export type ConfigMenuItem = {
  id: string;
  /** Key in the config namespace. */
  labelKey: string;
  icon: LucideIcon;
  /** Path under /config, for entries that are pages. */
  path?: string;
  /** Any of these grants the entry ('*' means everybody). */
  permissions?: Access[];
  feature?: Feature;
  /** Deeper pages that belong to this entry (they keep it active). */
  subPages?: string[];
  children?: ConfigMenuItem[];
  pinned?: boolean;
  danger?: boolean;
};

const leaf = (id: string, path: string, permission: Access, icon: LucideIcon, extra: Partial<ConfigMenuItem> = {}) =>
  ({ id, labelKey: `config:menu.${id}`, icon, path, permissions: [permission], ...extra }) satisfies ConfigMenuItem;

const group = (id: string, icon: LucideIcon, children: ConfigMenuItem[], extra: Partial<ConfigMenuItem> = {}) =>
  ({ id, labelKey: `config:menu.${id}`, icon, children, ...extra }) satisfies ConfigMenuItem;

/** Spec 2 "Configuration layout": groups, entries and the permission each needs. */
export const CONFIG_MENU: ConfigMenuItem[] = [
  group(
    'account',
    Building2,
    [
      leaf('admin_infos', 'account-infos/admin-infos', 'config.account', Info),
      leaf('subscription', 'account-infos/subscription', 'config.account', CreditCard),
      leaf('sms_settings', 'account-infos/sms', 'config.account', MessageSquareText, { feature: 'SMS' }),
    ],
    { pinned: true },
  ),
  leaf('workflow', 'workflow', 'config.workflow', Workflow, { subPages: ['workflow/new'] }),
  leaf('subsidiaries', 'subsidiaries', 'config.subsidiaries', Network),
  group('users', Users, [
    leaf('users_list', 'users/list', 'internal.users_list', List),
    leaf('users_rights', 'users/rights', 'internal.users_rights', ShieldCheck),
    leaf('users_groups', 'users/groups', 'internal.users_groups', UsersRound),
  ]),
  group('job_offers', Briefcase, [
    leaf('custom_fields', 'custom-fields', 'config.custom_fields', TextCursorInput),
    leaf('image_bank', 'joboffers/image-bank', 'config.images_bank', Images),
    leaf('templates', 'joboffers/templates', 'config.templates', LayoutTemplate),
    leaf('application_path', 'joboffers/application-path', 'config.default_application_path', Route),
    leaf('company_description', 'joboffers/company-description', 'config.company_description', FileText),
    leaf('offer_parameters', 'joboffers/offer-parameters', 'config.offer_parameters', SlidersHorizontal, {
      feature: 'NonDiscrimination',
    }),
    leaf('offer_export', 'joboffers/export', 'config.export_job_offers', Download),
  ]),
  leaf('status', 'status', 'config.status', Tags),
  group('emails', Mail, [
    leaf('email_models', 'emails/model', 'config.emails', Mails, {
      subPages: ['emails/model/new', 'emails/model/:id'],
    }),
    leaf('email_signature', 'emails/signature', 'config.emails', Signature),
  ]),
  leaf('interviews', 'interviews', 'config.ed', MessagesSquare),
  group('onboarding', Rocket, [
    leaf('onboarding_processes', 'onboarding/process', 'config.onboarding', ListChecks, {
      subPages: ['onboarding/process/new', 'onboarding/process/:id'],
    }),
    leaf('onboarding_statuses', 'onboarding/statuses', 'config.onboarding', ListTodo),
    leaf('onboarding_mail_templates', 'onboarding/mail-templates', 'config.onboarding', Mail, {
      subPages: ['onboarding/mail-templates/new', 'onboarding/mail-templates/:id'],
    }),
  ]),
  leaf('activity_logs', 'activity-logs', 'config.activity_logs', Activity),
  leaf('notifications', 'notifications', 'config.notifications', Bell),
  leaf('jobboards', 'jobboards/list', 'config.jobboards_list', Megaphone),
  leaf('career_site', 'career-site', 'config.settings_sc', Globe),
  leaf('appointment_template', 'appointment-template', 'planner.access', CalendarClock),
  group(
    'superadmin',
    ShieldAlert,
    [
      leaf('news_popup', 'superadmin-section/news-popup', 'user.super_admin', Newspaper),
      // Issue 33: the SSO domains companies could not prove through DNS, to approve or reject.
      leaf('sso_domains', 'superadmin-section/sso-domains', 'user.super_admin', ShieldCheck),
    ],
    { danger: true },
  ),
];

/** Every page entry, flattened (used to declare the /config routes). */
export function configPages(items: ConfigMenuItem[] = CONFIG_MENU): ConfigMenuItem[] {
  return items.flatMap((item) => (item.children ? configPages(item.children) : item.path ? [item] : []));
}
