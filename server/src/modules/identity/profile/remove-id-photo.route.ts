import { authedProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { removeIdPhoto } from './id-photo.ts';
import { ZRemoveIdPhotoResponseSchema } from './profile.schema.ts';

/** identity.removeIdPhoto: the signed-in member takes the photo off their own I-card; nothing to remove records nothing. */
export const removeIdPhotoRoute = authedProcedure.output(ZRemoveIdPhotoResponseSchema).mutation(({ ctx }) => removeIdPhoto(ctx.services, ctx.user, metaOf(ctx)));
