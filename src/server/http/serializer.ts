/**
 * Response serialisation: every answer is checked against its route's zod response schema, and a
 * mismatch is a 500 (ResponseSerializationError), as with fastify-type-provider-zod's own
 * serializer. The difference is speed on the common path: zod's encode copies the whole answer
 * into new objects before JSON.stringify, which for a page of 50 rows of ~25 fields was a good
 * share of a list request's CPU. Here a checker compiled once per schema walks the answer without
 * allocating and, when the answer already is what zod would output (the right types, the schema's
 * keys in the schema's order, nothing extra), hands it straight to JSON.stringify. Anything it is
 * not sure about (an unsupported schema, a failed check, extra or reordered keys) goes to zod,
 * which answers or fails exactly as before, so the output is always the bytes zod's path would give.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/** True when `JSON.stringify(value)` is exactly what zod's encode and JSON.stringify would give. */
type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  values?: unknown[];
  format?: string;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A leaf (string, number) whose checks are not all known here: zod checks it, and must not change it. */
const viaZod =
  (schema: $ZodType): Check =>
  (value) => {
    const result = safeParse(schema, value);
    return result.success && result.data === value;
  };

/** The checks of a string or number leaf, natively when every one is known; null otherwise. */
function leafChecks(def: Def): Check | null {
  const checks: Check[] = [];
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'string_format' && d.format === 'regex' && d.pattern) {
      const pattern = d.pattern;
      checks.push((v) => {
        pattern.lastIndex = 0;
        return pattern.test(v as string);
      });
    } else if (d.check === 'min_length' && typeof d.minimum === 'number') {
      const min = d.minimum;
      checks.push((v) => (v as string).length >= min);
    } else if (d.check === 'max_length' && typeof d.maximum === 'number') {
      const max = d.maximum;
      checks.push((v) => (v as string).length <= max);
    } else if (d.check === 'number_format' && d.format === 'safeint') {
      checks.push((v) => Number.isSafeInteger(v));
    } else if (d.check === 'greater_than' && typeof d.value === 'number') {
      const limit = d.value;
      checks.push(d.inclusive ? (v) => (v as number) >= limit : (v) => (v as number) > limit);
    } else if (d.check === 'less_than' && typeof d.value === 'number') {
      const limit = d.value;
      checks.push(d.inclusive ? (v) => (v as number) <= limit : (v) => (v as number) < limit);
    } else {
      return null;
    }
  }
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0]!;
  return (v) => checks.every((c) => c(v));
}

/** The checker of `schema`, or null when this schema (or a part of it) is left to zod. */
export function compileCheck(schema: $ZodType): Check | null {
  const def = defOf(schema);
  const zodLeaf = viaZod(schema);
  switch (def.type) {
    case 'string': {
      if (def.format) return (v) => typeof v === 'string' && zodLeaf(v);
      const checks = leafChecks(def);
      if (!checks) return (v) => typeof v === 'string' && zodLeaf(v);
      return (v) => typeof v === 'string' && checks(v);
    }
    case 'number': {
      if (def.format) return (v) => typeof v === 'number' && zodLeaf(v);
      const checks = leafChecks(def);
      if (!checks) return (v) => typeof v === 'number' && zodLeaf(v);
      return (v) => typeof v === 'number' && Number.isFinite(v) && checks(v);
    }
    case 'boolean':
      return def.checks?.length ? null : (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'enum': {
      if (def.checks?.length) return null;
      const values = new Set((schema as unknown as { options: unknown[] }).options);
      return (v) => values.has(v);
    }
    case 'literal': {
      if (def.checks?.length) return null;
      const values = new Set(def.values);
      return (v) => values.has(v);
    }
    case 'unknown':
    case 'any':
      return def.checks?.length ? null : (v) => v !== undefined;
    case 'date':
      return def.checks?.length ? null : (v) => v instanceof Date && !Number.isNaN(v.getTime());
    case 'nullable': {
      const inner = compileCheck(def.innerType!);
      return inner && ((v) => v === null || inner(v));
    }
    case 'optional': {
      // an absent or undefined property is the object's business; a present value is checked
      const inner = compileCheck(def.innerType!);
      return inner && ((v) => v !== undefined && inner(v));
    }
    case 'array': {
      if (def.checks?.length) return null;
      const element = compileCheck(def.element!);
      if (!element) return null;
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'object':
      return compileObject(def);
    default:
      return null;
  }
}

function compileObject(def: Def): Check | null {
  // strict and passthrough objects, and refinements of the whole object, are zod's
  if (def.catchall || def.checks?.length || !def.shape) return null;
  const keys = Object.keys(def.shape);
  const optional: boolean[] = [];
  const checks: Check[] = [];
  for (const key of keys) {
    const property = def.shape[key]!;
    const check = compileCheck(property);
    if (!check) return null;
    checks.push(check);
    optional.push(defOf(property).type === 'optional');
  }
  const n = keys.length;
  return (value) => {
    if (!isPlainObject(value)) return false;
    // the answer's keys must be the schema's, in its order; absent ones must be optional
    let i = 0;
    for (const key in value) {
      while (i < n && keys[i] !== key) {
        if (!optional[i]) return false;
        i++;
      }
      if (i === n) return false;
      const v = value[key];
      if (v === undefined ? !optional[i] : !checks[i]!(v)) return false;
      i++;
    }
    for (; i < n; i++) if (!optional[i]) return false;
    return true;
  };
}

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/** fastify-type-provider-zod's serializer compiler, with the checked fast path in front. */
export const serializerCompiler: FastifySerializerCompiler<RouteSchema['schema']> = (route) => {
  const viaZodSerializer = zodSerializerCompiler(route);
  const schema = route.schema instanceof $ZodType ? route.schema : null;
  const check = schema ? compileCheck(schema) : null;
  if (!check) return viaZodSerializer;
  return (data) => (check(data) ? JSON.stringify(data) : viaZodSerializer(data));
};
