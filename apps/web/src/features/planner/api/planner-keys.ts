/** Every planner query starts with this key: a saved appointment or template refreshes them all. */
export const plannerKey = ['planner'] as const;
export const appointmentsKey = [...plannerKey, 'appointments'] as const;
export const templatesKey = [...plannerKey, 'templates'] as const;
