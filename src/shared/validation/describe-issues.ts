import type * as z from '../zod';

type Issue = z.core.$ZodIssue & { input?: unknown };

function where(path: readonly PropertyKey[], prefix: string): string {
  const parts = [prefix, ...path.map(String)].filter((part) => part !== '');
  return parts.length > 0 ? parts.join('.') : 'the value';
}

/** One issue in words, e.g. `data.name is missing`. Never quotes the input: it may be a key. */
export function describeIssue(issue: Issue, prefix = ''): string {
  const at = where(issue.path, prefix);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${at} is missing` : `${at} should be ${issue.expected}`;
    case 'invalid_value':
      return `${at} should be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `${at} is too small (minimum ${String(issue.minimum)})`;
    case 'too_big':
      return `${at} is too big (maximum ${String(issue.maximum)})`;
    case 'invalid_format':
      return `${at} is not a valid ${issue.format}`;
    case 'invalid_union':
      return `${at} does not match any accepted shape`;
    case 'unrecognized_keys':
      return `${at} has unexpected fields ${issue.keys.join(', ')}`;
    default:
      return `${at}: ${issue.message}`;
  }
}

/** All issues of a failed parse in words, the first few only. */
export function describeIssues(issues: readonly Issue[], prefix = '', limit = 3): string {
  const shown = issues.slice(0, limit).map((issue) => describeIssue(issue, prefix));
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : '';
  return `${shown.join('; ')}${more}`;
}

/**
 * Parses with `reportInput` so that a missing field can be told from a wrong one;
 * the input is only compared with `undefined`, never shown.
 */
export function safeParseDescribed<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
  prefix = '',
): { ok: true; value: z.output<T> } | { ok: false; message: string } {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: describeIssues(result.error.issues, prefix) };
}
