// What the builder's sync takes for one component, checked at run time. The sandbox has only the
// ComponentUpsert type (a schema nothing parses there would still ship in code.js); the snapshot
// tests parse its payloads with this, and the type check below keeps the two in step.
import * as z from '../../src/shared/zod';
import type { ComponentUpsert } from '../../src/shared/api/builder/schemas';

const text = z.string();
const jsonObject = z.record(z.string(), z.unknown());

export const componentUpsertSchema = z.object({
  key: text.check(z.minLength(1)),
  name: text,
  kind: z.enum(['component', 'component_set']),
  description: text,
  hash: text.check(z.minLength(1)),
  properties: jsonObject,
  variants: z.array(z.object({ key: text, name: text, properties: jsonObject })),
  node: jsonObject,
  thumbnail: z.optional(z.object({ format: z.literal('png'), base64: text })),
});

// Fails to compile when the schema and the type part ways (a field added, dropped or retyped).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inStep: Same<z.infer<typeof componentUpsertSchema>, ComponentUpsert> = true;
void inStep;
