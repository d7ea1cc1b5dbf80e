/** What the user may do with an offer's applications (`project_application.see`, `.change_status`, `.duplicate`). */
export type ApplicationPermissions = { see: boolean; changeStatus: boolean; duplicate: boolean };
