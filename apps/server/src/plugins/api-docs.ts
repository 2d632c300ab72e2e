import { accessRequestReviewItemSchema } from '@candor/contract/access-requests';
import { profileSchema, tokenPairSchema } from '@candor/contract/accounts';
import { adminReportSchema } from '@candor/contract/admin';
import { contactMessageSchema } from '@candor/contract/contact';
import { errorBodySchema, fieldErrorsSchema } from '@candor/contract/errors';
import { notificationSchema } from '@candor/contract/notifications';
import { myOrganizationSchema } from '@candor/contract/organizations';
import { reportMessageSchema, reportSchema } from '@candor/contract/reports';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { FileAnswer } from '../lib/api-docs';
import { guards } from '../modules/auth/caller';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/** Shapes named once under `components.schemas` and referenced wherever a route uses them. */
const components = z.registry<{ id: string }>();
for (const [schema, id] of [
  [errorBodySchema, 'Error'],
  [fieldErrorsSchema, 'FieldErrors'],
  [reportSchema, 'Report'],
  [reportMessageSchema, 'ReportMessage'],
  [adminReportSchema, 'AdminReport'],
  [profileSchema, 'Profile'],
  [tokenPairSchema, 'TokenPair'],
  [notificationSchema, 'Notification'],
  [myOrganizationSchema, 'MyOrganization'],
  [contactMessageSchema, 'ContactMessage'],
  [accessRequestReviewItemSchema, 'AccessRequest'],
] as const) {
  components.add(schema as ZodType, { id });
}

const validationErrorSchema = z.union([errorBodySchema, fieldErrorsSchema]);

const statusDescriptions: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no body',
  206: 'Part of the file (a `Range` request)',
  400: 'Not valid: `{detail}`, or one list of messages per field (`{field: [messages]}`)',
  401: 'No access token, or one that is not valid (`{detail}`)',
  403: 'The account may not do this (`{detail}`)',
  404: 'Not found, or not visible to the caller (`{detail}`)',
  409: 'In conflict with the current state (`{detail}`)',
  413: 'The body or the file is too large (`{detail}`)',
  416: 'The range is outside the file (`{detail}`)',
  429: 'Too many requests; `Retry-After` gives the seconds to wait (`{detail}`)',
};

type Guard = 'optional' | 'user' | 'admin' | 'superuser' | null;

/** Which account guard of modules/auth/caller.ts runs first on a route, if any. */
function guardOf(route: RouteOptions): Guard {
  const hooks = [route.onRequest ?? []].flat();
  for (const name of ['superuser', 'admin', 'user', 'optional'] as const) {
    if (hooks.includes(guards[name])) return name;
  }
  return null;
}

/** Security read from the guard the route runs, so the document cannot say otherwise. */
function securityOf(guard: Guard): FastifySchema['security'] {
  if (guard === null) return undefined;
  // A token is optional here, but a bad one is refused.
  if (guard === 'optional') return [{}, { bearerAuth: [] }];
  return [{ bearerAuth: [] }];
}

/** The error answers a route's guard, schema and limits make possible. */
function errorStatusesOf(route: RouteOptions, schema: FastifySchema, guard: Guard) {
  const statuses = new Set<number>(schema.errorStatuses ?? []);
  if (schema.body || schema.querystring || schema.form) statuses.add(400);
  if (guard !== null || schema.security) statuses.add(401);
  if (guard === 'admin' || guard === 'superuser') statuses.add(403);
  if (schema.params) statuses.add(404);
  if (schema.form) statuses.add(413);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

function fileResponse(answer: FileAnswer) {
  return {
    description: answer.description,
    content: Object.fromEntries(
      answer.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  };
}

const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry: components });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * The route schemas as the document shows them. Fastify validates each request once, with the
 * zod schemas the routes already carried (app.ts sets the zod validator and serializer
 * compilers); this transform only reads them to write JSON Schema, on a copy, when the document
 * is first asked for, and validates nothing. What it adds (error answers, security, multipart
 * forms, file answers) comes from the documentation-only keys of lib/api-docs.ts and from the
 * route's guard and limits, and is never seen by Fastify: no route accepts, refuses or answers
 * differently for it, and validation errors keep their bodies (packages/contract/src/errors.ts).
 */
function transform(input: TransformInput) {
  const route = input.route as RouteOptions;
  const schema = input.schema as FastifySchema | undefined;
  // The document describes the HTTP API: not the WebSocket, not the web app's files.
  if (!input.url.startsWith('/api/') || route.websocket)
    return { schema: { hide: true }, url: input.url };
  if (!schema || schema.hide) return zodTransform(input);
  const { form, files, errorStatuses: _extra, ...rest } = schema;
  const guard = guardOf(route);
  const security = rest.security ?? securityOf(guard);
  const response: Record<string, unknown> = {};
  for (const status of errorStatusesOf(route, schema, guard)) {
    response[status] = status === 400 ? validationErrorSchema : errorBodySchema;
  }
  Object.assign(response, rest.response);
  const documented = {
    ...rest,
    ...(security ? { security } : {}),
    // The form as multipart; a route that also takes its fields as JSON says so in its description.
    ...(form ? { body: form, consumes: ['multipart/form-data'] } : {}),
    response,
  };
  const result = zodTransform({ ...input, schema: documented });
  const out = result.schema as Record<string, unknown> & { response: Record<string, object> };
  // JSON answers with a description per status; files as their media types.
  for (const [status, json] of Object.entries(out.response)) {
    const code = Number(status);
    out.response[status] =
      (json as { type?: string }).type === 'null'
        ? { type: 'null', description: statusDescriptions[code] ?? 'Answer' }
        : {
            description: statusDescriptions[code] ?? 'Answer',
            content: { 'application/json': { schema: json } },
          };
  }
  for (const [status, answer] of Object.entries(files ?? {})) {
    out.response[status] = fileResponse(answer);
  }
  return result;
}

/** Keeps only the named shapes some operation refers to, directly or through another shape. */
function dropUnreferenced(document: Record<string, unknown>) {
  const { components: parts, ...rest } = document as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = parts?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const match of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1] as string;
      if (used.has(name)) continue;
      used.add(name);
      visit(schemas[name]);
    }
  };
  visit(rest);
  const kept = Object.entries(schemas).filter(([name]) => used.has(name));
  return { ...document, components: { ...parts, schemas: Object.fromEntries(kept) } };
}

const tags = [
  { name: 'Accounts', description: 'Registering, logging in, tokens and the profile.' },
  { name: 'Reports', description: "A reporter's own reports, their evidence and certificates." },
  { name: 'Messages', description: 'The thread of a report.' },
  { name: 'Admin', description: 'Reports in an administrator’s scope, triage and exports.' },
  { name: 'Access requests', description: 'Applying to become an administrator, and the review.' },
  { name: 'Organizations', description: "The caller's organisation: joining, leaving, settings." },
  { name: 'Notifications', description: "The caller's notifications." },
  { name: 'Intake', description: 'Reporting without an account, from a link.' },
  { name: 'Track', description: 'Following a report filed without an account, with its receipt.' },
  {
    name: 'Voice',
    description: 'Voice messages: the disguised listen-back, and the stored recordings.',
  },
  { name: 'Contact', description: 'Messages to the operators.' },
  { name: 'Audit', description: 'The append-only audit log.' },
  { name: 'Site', description: 'Health, readiness, metrics and public settings.' },
  { name: 'Two-factor', description: "Staff's second factor: setting it up, signing in, resets." },
  {
    name: 'Email',
    description:
      "Staff's email alerts: preferences, OpenPGP key, verified address, password reset by email.",
  },
  { name: 'Staff', description: 'Administrators over time: revoke, deactivate, hand over.' },
];

/**
 * The API description: /api/openapi.json, generated from the zod schemas the routes carry, and
 * /api/docs, Swagger UI served from the package's own files. Registered before the routes, whose
 * registration it records.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Candor API',
        version: '1.0.0',
        description:
          'Every error answer is JSON: `{detail}`, or one list of messages per field. ' +
          'Live notifications come over the WebSocket at `/ws/notifications/{userId}/` (not described here).',
      },
      tags,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `access` token of `POST /api/accounts/login/`.',
          },
          guestSession: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              '`Guest <token>`: the session `POST /api/track/session/` opens for one report.',
          },
        },
      },
    },
    transform,
    transformObject: (input) => {
      const document = zodTransformObject(input as Parameters<typeof zodTransformObject>[0]);
      return dropUnreferenced(document as Record<string, unknown>) as typeof document;
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  // Its own scope: the relaxed policy below applies to these routes only.
  await app.register(async (docs) => {
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { deepLinking: true, tryItOutEnabled: false },
      // The app's policy, plus inline styles: Swagger UI adds a <style> element of its own
      // (e2e/api-docs sees it refused without). Scripts stay 'self' only.
      staticCSP: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    });
  });
});
