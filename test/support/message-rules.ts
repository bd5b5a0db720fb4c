// The rules every sentence Envelope shows a person follows (issue 15): no internal names (a
// bridge message type, an API path, a source file, a schema path), no sentence said twice, no
// stray space before punctuation, no HTTP status number. Shared by the unit test over the message catalogue and the
// browser tests that read messages off the screen.
import { sandboxEvents, sandboxRequests, uiEvents, uiRequests } from '../../src/shared/bridge/messages';

const BRIDGE_NAMES = [...Object.keys(sandboxRequests), ...Object.keys(sandboxEvents), ...Object.keys(uiRequests), ...Object.keys(uiEvents)];

const CODE_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\b(GET|POST|PUT|PATCH|DELETE) \//, 'an HTTP endpoint'],
  [/(^|\s)\/(api|v\d+)\//, 'an API path'],
  [/\b(src|ui|test)\/[\w-]+/, 'a source path'],
  [/\.(ts|tsx|js)\b/, 'a source file'],
  [/\b(payload|reply|message)\.[a-z_]/i, 'a schema path'],
  [/\[object \w+\]|\bundefined\b|\bnull\b|\bNaN\b/, 'a JavaScript value'],
  // A status number means nothing to a designer: the words say what happened and what to do.
  [/\bHTTP\s*\d{3}\b|\([1-5]\d\d\)/i, 'an HTTP status number'],
  // "API" is a developer's word: say the service ("the email builder"). Kept only in the names of
  // the things a designer pastes in Settings: a builder or library "API key", the "API address".
  [/\bAPIs?\b(?! ([Kk]eys?|address)\b)/, 'the jargon word "API"'],
];

/** The sentences of a message, normalised for comparison. */
export function sentencesOf(message: string): string[] {
  return message
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter((sentence) => sentence !== '');
}

/** What is wrong with a message shown to a person, in words ([] when nothing). */
export function messageProblems(message: string): string[] {
  const problems: string[] = [];
  if (message.trim() === '') problems.push('it is empty');
  for (const name of BRIDGE_NAMES) if (message.includes(name)) problems.push(`it names the bridge message "${name}"`);
  for (const [pattern, what] of CODE_PATTERNS) if (pattern.test(message)) problems.push(`it shows ${what}: ${pattern.exec(message)?.[0] ?? ''}`);
  if (/\s[:;,.!?]/.test(message)) problems.push('it has a space before punctuation');
  const seen = new Set<string>();
  for (const sentence of sentencesOf(message)) {
    if (seen.has(sentence)) problems.push(`it says "${sentence}" twice`);
    seen.add(sentence);
  }
  // The same fact said twice in other words starts the same way ("Could not reach … : Could not
  // reach …", "Check the … Check the …"): no two clauses may open with the same two words.
  const openings = new Set<string>();
  for (const clause of message.split(/[.!?:;]\s+/)) {
    const opening = clause.trim().toLowerCase().split(/\s+/).slice(0, 2).join(' ');
    if (opening.split(' ').length < 2) continue;
    if (openings.has(opening)) problems.push(`two parts of it open with "${opening}"`);
    openings.add(opening);
  }
  return problems;
}
