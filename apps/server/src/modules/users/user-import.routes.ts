import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@embauche/contracts/constants';
import { requiredOr } from '@embauche/contracts/errors';
import { EXPORT_FORMATS } from '@embauche/contracts/offers';
import {
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_MB,
  ZUserImport,
  ZUserImportQuery,
  ZUserImportReport,
  ZUserImportStarted,
} from '@embauche/contracts/user-import';
import { ZUserExportSelection, ZUserIdParams, ZUserListQuery } from '@embauche/contracts/users';
import { requireAccess } from '../../platform/auth/access.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import { readMultipart } from '../../platform/http/parse-body.ts';
import { requestLanguage } from '../../platform/http/request-language.ts';
import type { UserExportService } from './user-export.service.ts';
import type { UserImportService } from './user-import.service.ts';

type SavedLanguage = { savedLanguage(auth: AuthContext): Promise<string | null> };

const TRUE = ['true', '1'];

/**
 * Spec 7 "Users": `GET /users/export?format`, `POST /users/import` (file) and the import's progress
 * (contracts/user-import.ts); `internal.users_list` as the rest of the users administration.
 */
export function userImportRoutes(
  exports: UserExportService,
  imports: UserImportService,
  profile: SavedLanguage,
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'internal.users_list' } as const;

    app.get(
      '/users/export',
      {
        config,
        schema: {
          querystring: ZUserListQuery.extend({
            ...ZUserExportSelection.shape,
            format: z.enum(EXPORT_FORMATS, { error: requiredOr() }),
            lang: z.enum(LANGUAGES, { error: requiredOr() }).optional(),
          }),
        },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { format, lang, ...filters } = request.query;
        const language = requestLanguage(
          request,
          lang,
          lang ? null : await profile.savedLanguage(auth),
        );
        const file = await exports.file(auth, format, filters, language);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );

    app.post(
      '/users/import',
      {
        config,
        schema: {
          querystring: ZUserImportQuery,
          response: { 200: ZUserImportReport, 202: ZUserImportStarted },
        },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { fields, files } = await readMultipart(
          request,
          USER_IMPORT_MAX_BYTES,
          USER_IMPORT_MAX_MB,
        );
        const file = files.find((f) => f.field === 'file');
        if (!file || file.data.length === 0) throw validationFailed({ file: ['field_required'] });
        const dry = request.query.dry_run ?? fields.dry_run;
        if (typeof dry === 'string' && TRUE.includes(dry)) return imports.dryRun(auth, file);
        return reply.status(202).send(await imports.start(auth, file));
      },
    );

    app.get(
      '/users/imports/:id',
      { config, schema: { params: ZUserIdParams, response: { 200: ZUserImport } } },
      async (request) => imports.status(requireAccess(request), request.params.id),
    );
  };
}
