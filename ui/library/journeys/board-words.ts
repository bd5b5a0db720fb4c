// What "Insert journey as board" places, said beside it: only the emails shown per stage go on the
// board (learned before only from the summary after placing).
import { plural } from '../../components/count-words';

/**
 * "Places the 18 emails shown here: a column for each stage." With more in the journey than shown,
 * how many it has: "Places the 18 emails shown here, of the journey’s 42: a column for each stage."
 */
export function boardPlacesText(shown: number, total: number): string {
  return `Places the ${plural(shown, 'email')} shown here${total > shown ? `, of the journey’s ${total}` : ''}: a column for each stage.`;
}
