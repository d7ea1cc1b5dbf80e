/**
 * The dialog's module, imported from here rather than from the screens: the list of chunks the
 * browser preloads with it (some forty names, about 0.65 KB gzipped) then lives in this small lazy
 * module instead of in the offer, applicant and list screens' code. Opening the dialog the first
 * time costs one more small request.
 */
export function loadMailingDialog() {
  return import('./mailing-dialog.tsx');
}
