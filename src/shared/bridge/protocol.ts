// The wire format between the sandbox and the UI. Every message carries `channel` so that
// anything else arriving on the same port is ignored rather than misread.
import * as z from '../zod';

export const CHANNEL = 'envelope';

export const wireErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type WireError = z.infer<typeof wireErrorSchema>;

export const progressSchema = z.object({
  done: z.number(),
  total: z.nullable(z.number()),
  label: z.string(),
  /** Set while the work waits as a server asked (the label says so): a time left reckoned from the rate would not hold. */
  waitSeconds: z.optional(z.number()),
});
export type Progress = z.infer<typeof progressSchema>;

const id = z.string().check(z.minLength(1), z.maxLength(64));

export const wireMessageSchema = z.discriminatedUnion('kind', [
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('request'), id, type: z.string(), payload: z.unknown() }),
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('reply'), id, ok: z.literal(true), payload: z.unknown() }),
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('failure'), id, error: wireErrorSchema }),
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('progress'), id, progress: progressSchema }),
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('cancel'), id }),
  z.object({ channel: z.literal(CHANNEL), kind: z.literal('event'), type: z.string(), payload: z.unknown() }),
]);
export type WireMessage = z.infer<typeof wireMessageSchema>;

/** A request's definition: what it carries and what its reply carries. */
export interface RequestDefinition<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> {
  request: Req;
  reply: Res;
}
export type RequestDefinitions = Record<string, RequestDefinition>;
export type EventDefinitions = Record<string, z.ZodMiniType>;

export function defineRequest<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  request: Req,
  reply: Res,
): RequestDefinition<Req, Res> {
  return { request, reply };
}

export type RequestOf<D extends RequestDefinitions, K extends keyof D> = z.input<D[K]['request']>;
export type ReplyOf<D extends RequestDefinitions, K extends keyof D> = z.output<D[K]['reply']>;
export type EventOf<E extends EventDefinitions, K extends keyof E> = z.output<E[K]>;
