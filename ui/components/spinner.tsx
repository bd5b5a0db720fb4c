/** A small busy indicator; the text next to it says what is happening. */
export function Spinner() {
  return <span class="spinner" aria-hidden="true" />;
}
