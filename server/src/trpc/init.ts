import { initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import { GENERIC_ERROR_MESSAGE } from '#server/errors/app-error';
import { CORRECT_THE_FIELDS, fieldErrorsFromZod } from '#server/errors/field-errors';
import type { AccessPolicy } from '#server/http/access-policy';
import type { Context } from './context.ts';

/** What a procedure declares about itself; each builder in procedures.ts sets its `policy`. */
export interface ProcedureMeta {
  policy: AccessPolicy;
}

/**
 * `t` stays private to this folder: procedures.ts exports the only builders modules may use.
 * The formatter adds fieldErrors from zod and the request ID, and hides the text of any 500.
 */
export const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error, ctx }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const appFieldErrors = (error.cause as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
    const fieldErrors = zodError ? fieldErrorsFromZod(zodError) : appFieldErrors;
    const isInternal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: isInternal ? GENERIC_ERROR_MESSAGE : zodError ? CORRECT_THE_FIELDS : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        requestId: ctx?.requestId ?? null,
        fieldErrors: fieldErrors ?? null,
      },
    };
  },
});
