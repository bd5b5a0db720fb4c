// Me → Following: how many brands are followed, said against the follow limit (50, GET /v1/me/follows meta.max).
import { describe, expect, it } from 'vitest';
import { followingText, NO_FOLLOWS_TEXT } from '../../../ui/library/me/follow-words';

describe('followingText', () => {
  it('counts the brands followed and says the limit as how many one may follow, not as the library’s size', () => {
    expect(followingText(8, 50)).toBe('Following 8 brands (you can follow up to 50)');
    expect(followingText(1, 50)).toBe('Following 1 brand (you can follow up to 50)');
    expect(followingText(0, 50)).toBe('Following no brands (you can follow up to 50)');
  });

  it('at the limit says it is reached, not “50 brands (you can follow up to 50)”', () => {
    expect(followingText(50, 50)).toBe('Following 50 brands, the most you can follow');
  });

  it('says where brands are followed: on the library’s site, as the plugin only reads follows', () => {
    expect(NO_FOLLOWS_TEXT).toBe('You follow no brands yet. Brands are followed on the library’s website; their newest emails then show here.');
  });
});
