/** Every query of the e-mail signatures starts with this key. */
export const mailSignaturesKey = ['mail-signatures'] as const;
