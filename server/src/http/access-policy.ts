import type { Permission } from '#server/shared/access';

/**
 * Who may call a tRPC procedure or a REST route, declared beside it: the builder's meta
 * (trpc/procedures.ts) or the route's `auth` in its `defineRestRoute` (http/rest-route.ts). A REST
 * route's policy is enforced by the router generated from the declarations before its handler runs;
 * the authorisation-matrix tests call every procedure and route as each kind of caller and hold the
 * code to what it declares.
 *
 * - `'public'`: anyone, signed in or not.
 * - `'signed-in'`: any account, acting on its own records only.
 * - `'owner'`: the member named in the input (tRPC `userId`, REST path `{id}`), and nobody else.
 * - `{ ownerOr }`: that member, or an admin holding the permission.
 * - `'any-admin'`: an admin, whatever permissions they hold.
 * - `{ admin }`: an admin holding at least one of these permissions (a super-admin holds them all).
 */
export type AccessPolicy =
  | 'public'
  | 'signed-in'
  | 'owner'
  | { readonly ownerOr: Permission }
  | 'any-admin'
  | { readonly admin: readonly [Permission, ...Permission[]] };
