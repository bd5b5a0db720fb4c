// Adapts a zod schema to the requester's `read` step, with problems described in words.
import type * as z from '../../zod';
import { safeParseDescribed } from '../../validation/describe-issues';
import type { ReadResult } from './api-request';

export function readWith<T extends z.ZodMiniType>(schema: T): (body: unknown) => ReadResult<z.output<T>> {
  return (body) => safeParseDescribed(schema, body);
}
