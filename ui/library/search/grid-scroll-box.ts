// What scrolls the results grid: its own box, or, in a window too short for a grid of its own
// (library.css, under 480 px), the screen around it, so that one scroller moves through the
// filters and the cards instead of a small grid scrolling inside a scrolling screen.

export interface GridScrollBox {
  element: HTMLElement;
  /** How far the grid's top is above the box's top (negative while the grid starts lower down). */
  top(): number;
  /** Scrolls so that `top()` becomes `next`. */
  setTop(next: number): void;
  /** The height of the view the box gives. */
  height(): number;
}

function scrollsItself(element: HTMLElement): boolean {
  const overflow = getComputedStyle(element).overflowY;
  return overflow === 'auto' || overflow === 'scroll';
}

export function gridScrollBox(grid: HTMLElement): GridScrollBox {
  let element = grid;
  for (let at = grid.parentElement; at !== null && !scrollsItself(element); at = at.parentElement) element = at;
  if (element === grid) {
    return {
      element,
      top: () => grid.scrollTop,
      setTop: (next) => {
        grid.scrollTop = next;
      },
      height: () => grid.clientHeight,
    };
  }
  const top = () => element.getBoundingClientRect().top - grid.getBoundingClientRect().top;
  return {
    element,
    top,
    setTop: (next) => {
      element.scrollTop += next - top();
    },
    height: () => element.clientHeight,
  };
}
