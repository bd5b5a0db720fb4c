// Whether a status line was in the window before it spoke: one added already filled may go unannounced.
import type { Frame } from 'playwright-core';

/** Records, from now on, what each status region the window adds holds when it is added, and the words said in it afterwards. */
export async function watchStatusRegionsAsync(ui: Frame): Promise<{ addedWith: () => Promise<string[]>; said: () => Promise<string[]> }> {
  await ui.evaluate(() => {
    const known = new WeakSet<Element>();
    const record = { addedWith: [] as string[], said: [] as string[] };
    const last = new WeakMap<Element, string>();
    const look = (initial: boolean) => {
      for (const region of document.querySelectorAll('[role="status"]')) {
        const text = (region.textContent ?? '').trim();
        if (!known.has(region)) {
          known.add(region);
          if (!initial) record.addedWith.push(text);
        } else if (text !== '' && last.get(region) !== text) record.said.push(text);
        last.set(region, text);
      }
    };
    look(true);
    // A mutation's callback comes at the end of the task that made it: a region filled as it was added is seen filled.
    new MutationObserver(() => look(false)).observe(document.body, { childList: true, subtree: true, characterData: true });
    Object.assign(window, { envelopeStatusRecord: record });
  });
  const read = (key: 'addedWith' | 'said') => ui.evaluate((which) => (window as unknown as { envelopeStatusRecord: Record<string, string[]> }).envelopeStatusRecord[which]!, key);
  return { addedWith: () => read('addedWith'), said: () => read('said') };
}
