export const companySettingsKey = ['company-settings'] as const;
export const companyIdentityKey = [...companySettingsKey, 'identity'] as const;
export const subscriptionKey = [...companySettingsKey, 'subscription'] as const;
export const companyDescriptionKey = [...companySettingsKey, 'description'] as const;
export const offerParametersKey = [...companySettingsKey, 'offer-parameters'] as const;
export const offerExportsKey = [...companySettingsKey, 'exports'] as const;
export const offerExportSchedulesKey = [...companySettingsKey, 'export-schedules'] as const;
export const offerExportRecipientsKey = [...companySettingsKey, 'export-recipients'] as const;

/**
 * `/me` carries the company's name, country, organisation type and support URL: it goes stale
 * when the identity changes. Named by its key (features/auth) rather than imported.
 */
export const meKey = ['me'] as const;
