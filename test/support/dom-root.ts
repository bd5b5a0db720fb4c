// A fresh element in the document for each test that draws with Preact (happy-dom), emptied and
// taken away after it, so no test draws into another's leftovers.
import { render } from 'preact';
import { afterEach, beforeEach } from 'vitest';

/** Call at the top of a test file; the returned function gives this test's element. */
export function useDomRoot(): () => HTMLElement {
  let root: HTMLElement | null = null;
  beforeEach(() => {
    root = document.createElement('div');
    document.body.append(root);
  });
  afterEach(() => {
    if (root === null) return;
    render(null, root);
    root.remove();
    root = null;
  });
  return () => {
    if (root === null) throw new Error('useDomRoot(): no test is running.');
    return root;
  };
}
