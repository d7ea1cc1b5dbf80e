import { z } from 'zod';

/** A subsidiary of the company: `GET /subsidiaries` lists them by name, for pickers. */
export const ZSubsidiary = z.object({ id: z.number().int(), name: z.string() });
export type TSubsidiary = z.infer<typeof ZSubsidiary>;
