import fastJson from 'fast-json-stringify';
import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isKeptAnswer } from '../lib/read-cache';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/**
 * What a compiled serializer is trusted with. Each of these writes its value as JSON.stringify
 * would after zod; anything else (transforms, pipes, defaults, dates, ...) keeps zod.
 */
const plainTypes = new Set([
  'object',
  'array',
  'string',
  'number',
  'boolean',
  'null',
  'enum',
  'literal',
  'nullable',
  'optional',
  'union',
  'record',
]);

class Unsupported extends Error {}

/** JSON Schema of a response's zod schema, or null when it holds anything but plain types. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      override: ({ zodSchema }) => {
        const { type } = zodSchema._zod.def;
        if (!plainTypes.has(type)) throw new Unsupported(type);
      },
    }) as JsonSchema;
    delete json.$schema;
    return normalized(json);
  } catch {
    // Unsupported, or not representable as JSON Schema: zod serializes it.
    return null;
  }
}

/**
 * `anyOf: [{type: t}, {type: 'null'}]` (zod's nullable) becomes `type: [t, 'null']` for a
 * scalar: fast-json-stringify then writes it directly instead of validating each branch.
 */
function normalized(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) {
      out[key] = value.map((item) =>
        item && typeof item === 'object' ? normalized(item as JsonSchema) : item,
      );
    } else if (value && typeof value === 'object') {
      out[key] =
        key === 'properties' || key === '$defs'
          ? Object.fromEntries(
              Object.entries(value).map(([name, sub]) => [name, normalized(sub as JsonSchema)]),
            )
          : normalized(value as JsonSchema);
    } else {
      out[key] = value;
    }
  }
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullIndex];
    const scalar = ['string', 'integer', 'number', 'boolean'];
    if (nullIndex !== -1 && other && scalar.includes(other.type as string)) {
      // A nullable choice (`z.enum(…).nullable()`) keeps its values, and null among them.
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...other, type: [other.type, 'null'], ...values };
    }
  }
  return out;
}

/**
 * A serializer built from the JSON Schema: only declared properties are written, as zod's parse
 * drops unknown keys (a field added to an object by mistake never reaches the wire). A union of
 * an array and an object (a list or its page) is told apart here, each side compiled alone.
 */
function compileFast(schema: JsonSchema): Serialize {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2 && Object.keys(schema).length === 1) {
    const arrayBranch = branches.find((b) => b.type === 'array');
    const objectBranch = branches.find((b) => b.type === 'object');
    if (arrayBranch && objectBranch) {
      const asArray = fastJson(arrayBranch);
      const asObject = fastJson(objectBranch);
      return (data) => (Array.isArray(data) ? asArray(data) : asObject(data as object));
    }
  }
  const serialize = fastJson(schema);
  return (data) => serialize(data as object);
}

function compiled(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  const json = jsonSchemaOf(schema);
  if (!json) return null;
  try {
    return compileFast(json);
  } catch {
    return null;
  }
}

/**
 * Response serialization: a compiled writer where the schema is plain (most routes), zod's parse
 * then JSON.stringify otherwise. The compiled writer does not check values as zod does (a
 * fractional `int` is truncated, not refused): with `verify`, both run and must agree byte for
 * byte, so the test suite, which runs so, proves each route's output unchanged; a difference is
 * a 500.
 */
export function createResponseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<FastifySchema> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const fast = compiled(route.schema);
    if (!fast) return keepingText(viaZod);
    if (!options.verify) return keepingText(fast);
    return keepingText((data) => {
      const expected = viaZod(data);
      const written = fast(data);
      if (written !== expected) {
        throw new Error(`${route.method} ${route.url}: compiled serializer differs from zod`);
      }
      return written;
    });
  };
}

/**
 * `serialize`, writing an answer a read cache keeps (frozen, lib/read-cache.ts `isKeptAnswer`)
 * from the text made for it the first time: a kept list is not serialised again for every
 * request that is given it. The text goes with the answer; it is kept for this route's schema
 * alone, so no route writes another's shape.
 */
function keepingText(serialize: Serialize): Serialize {
  const texts = new WeakMap<object, string>();
  return (data) => {
    if (!isKeptAnswer(data)) return serialize(data);
    let text = texts.get(data);
    if (text === undefined) {
      text = serialize(data);
      texts.set(data, text);
    }
    return text;
  };
}
