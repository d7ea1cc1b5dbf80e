/** "firstname lastname", as the sharing field and the cards show people (spec 2). */
export function personName(person: { firstname: string; lastname: string }): string {
  return `${person.firstname} ${person.lastname}`.trim();
}
