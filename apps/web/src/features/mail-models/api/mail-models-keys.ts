/** Every query of the e-mail models starts with this key: a change refreshes the list and the models. */
export const mailModelsKey = ['mail-models'] as const;
