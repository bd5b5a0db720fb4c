// Bound variables: written by name, resolved after the walk (references.ts), hashed as references.
import type { JsonValue } from '../normalized-types';
import { mixClose, mixKey, mixKeyArray, mixKeyRef, mixRef, stringCode } from '../structural-hash';
import { K_BOUND_VARIABLES, type Mutable, type NormalizeContext, compareFirst, stablePropertyName } from './common';

function variableRef(ctx: NormalizeContext, alias: VariableAlias, target: unknown[] | Mutable, field: string | number): string {
  ctx.refs.add('variable', target, field, alias.id);
  return alias.id; // placeholder, replaced by {collection, name}
}

/** `fields`: the record's keys, sorted (callers skip empty records: most layers have none). */
function normalizeBoundVariables(ctx: NormalizeContext, bound: Record<string, unknown>, fields: string[]): Mutable | undefined {
  const out: Mutable = {};
  let any = false;
  for (const field of fields) {
    const value = bound[field];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const list: JsonValue[] = [];
      for (let i = 0; i < value.length; i++) list.push(variableRef(ctx, value[i] as VariableAlias, list, i));
      out[field] = list;
      any = true;
    } else if (typeof value === 'object' && 'id' in value && (value as { type?: unknown }).type === 'VARIABLE_ALIAS') {
      out[field] = variableRef(ctx, value as VariableAlias, out, field);
      any = true;
    } else if (typeof value === 'object') {
      // componentProperties: {propertyName: alias}
      const nested: Mutable = {};
      const record = value as Record<string, VariableAlias>;
      const fullNames: Record<string, string> = {};
      const names = Object.keys(record)
        .map((name) => [stablePropertyName(ctx, name), name] as const)
        .sort(compareFirst);
      for (const [stable, name] of names) {
        nested[stable] = record[name]!.id;
        fullNames[stable] = name;
      }
      // References are recorded in the order the keys will be walked (index-like names first).
      for (const stable in nested) variableRef(ctx, record[fullNames[stable]!]!, nested, stable);
      out[field] = nested;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** Hashes a written boundVariables record under its key: every leaf is a variable reference. */
function mixBoundVariables(bound: Mutable): void {
  mixKey(K_BOUND_VARIABLES);
  for (const field in bound) {
    const value = bound[field];
    if (Array.isArray(value)) {
      mixKeyArray(stringCode(field), value.length);
      for (let i = 0; i < value.length; i++) mixRef();
    } else if (typeof value === 'string') {
      mixKeyRef(stringCode(field));
    } else {
      mixKey(stringCode(field));
      for (const name in value as Mutable) mixKeyRef(stringCode(name));
      mixClose();
    }
  }
  mixClose();
}

export function addBoundVariables(ctx: NormalizeContext, out: Mutable, bound: Record<string, unknown> | undefined): void {
  if (!bound) return;
  // Most layers and paints have none. Object.keys is the cheapest emptiness test in the
  // sandbox's interpreter (a for…in loop builds an iterator that also walks the prototypes).
  const fields = Object.keys(bound);
  if (fields.length === 0) return;
  const normalized = normalizeBoundVariables(ctx, bound, fields.sort());
  if (normalized !== undefined) {
    out.boundVariables = normalized;
    mixBoundVariables(normalized);
  }
}
