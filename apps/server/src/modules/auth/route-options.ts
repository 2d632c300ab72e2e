import { guards } from './caller';

type Guard = (typeof guards)[keyof typeof guards];

/**
 * The options of a module's routes, one call each: `route.user(summary, schema, config)` is
 * `{ onRequest: guards.user, config, schema: { tags, summary, ...schema } }`, the module's tags
 * and the route's summary first in its API description. `route.open` has no guard.
 */
export function routeOptionsFor(tags: string[]) {
  const withGuard =
    (onRequest?: Guard) =>
    <S extends object, C extends object | undefined = undefined>(
      summary: string,
      schema: S,
      config?: C,
    ) => ({
      ...(onRequest ? { onRequest } : {}),
      ...(config ? { config } : {}),
      schema: { tags, summary, ...schema },
    });
  return {
    open: withGuard(),
    optional: withGuard(guards.optional),
    user: withGuard(guards.user),
    admin: withGuard(guards.admin),
    superuser: withGuard(guards.superuser),
  };
}
