// Words that follow a count, said one way everywhere: "1 email", "3 emails", "0 emails". The
// count is written as given (String), so a screen's numbers read as they did.

/** The noun for `count`: `one` for exactly 1, `many` (`one` + "s" unless given) otherwise. */
export function countWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** The count and its noun: "1 email", "12 emails". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${countWord(count, one, many)}`;
}
