export const offerTemplatesKey = ['offer-templates'] as const;
export const offerImagesKey = ['offer-images'] as const;
export const applicationPathKey = ['application-path'] as const;

/**
 * The offers feature caches the new-offer dialog's template choices and the offer form's image
 * choices under these keys (features/offers/api); named here rather than imported, features not
 * importing each other, so that a change here refreshes them.
 */
export const offerTemplateChoicesKey = ['offers', 'template-choices'] as const;
export const offerImageChoicesKey = ['offers', 'image-choices'] as const;
