/** Spec 5 "Phone display": +33 in pairs, +34, +44 and +1 in their usual groups; anything else unchanged. */
export function formatPhone(raw: string): string {
  const compact = raw.replace(/[\s.()-]/g, '');
  const national = /^0\d{9}$/.test(compact) ? `+33${compact.slice(1)}` : compact;
  let m = /^\+33(\d)(\d{8})$/.exec(national);
  if (m) return `+33 ${m[1]} ${m[2]!.replace(/(\d{2})(?=\d)/g, '$1 ')}`;
  m = /^\+34(\d{3})(\d{3})(\d{3})$/.exec(national);
  if (m) return `+34 ${m[1]} ${m[2]} ${m[3]}`;
  m = /^\+44(\d{4})(\d{6})$/.exec(national);
  if (m) return `+44 ${m[1]} ${m[2]}`;
  m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(national);
  if (m) return `+1 (${m[1]}) ${m[2]}-${m[3]}`;
  return raw;
}
