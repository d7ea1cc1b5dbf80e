/** "Firstname Lastname", as cards, rows and announcements name an applicant. */
export function applicantName(item: { firstname: string; lastname: string }): string {
  return `${item.firstname} ${item.lastname}`.trim();
}

/** The applicant screen (built by the applicants area), opened on this application. */
export function applicantPath(item: { applicant_id: number; id: number }): string {
  return `/applicants/${item.applicant_id}?application=${item.id}`;
}
