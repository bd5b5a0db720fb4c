// Beside "Insert journey as board": how many emails it places (only those shown per stage), and of how many.
import { describe, expect, it } from 'vitest';
import { boardPlacesText } from '../../../ui/library/journeys/board-words';

describe('boardPlacesText', () => {
  it('says how many emails the board takes, and the journey’s own count when it has more', () => {
    expect(boardPlacesText(18, 42)).toBe('Places the 18 emails shown here, of the journey’s 42: a column for each stage.');
  });

  it('says only the count when every email of the journey is shown', () => {
    expect(boardPlacesText(7, 7)).toBe('Places the 7 emails shown here: a column for each stage.');
    expect(boardPlacesText(1, 1)).toBe('Places the 1 email shown here: a column for each stage.');
  });
});
