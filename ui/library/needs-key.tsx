// What a part of Browse that needs a library key says without one (Me, brand requests): add the
// key, or, when the saved one was refused and Browse goes on without it, replace it ("add" would be
// untrue), with what works without one.
import type { Ref } from 'preact';
import { Button } from '../components/button';
import { WORKS_WITHOUT_KEY } from './refused-key';

export interface NeedsKeyProps {
  /** What needs the key, with its verb: "Your follows, likes and collections need", "Asking for a brand needs". */
  needs: string;
  /** The saved key was refused (Browse goes on without it). */
  refused: boolean;
  onOpenSettings: () => void;
  /** Its test ids: `${testIds.refused}` or `${testIds.missing}`, as the screen's tests name them. */
  testIds: { refused: string; missing: string };
  boxRef?: Ref<HTMLDivElement>;
}

export function NeedsKey({ needs, refused, onOpenSettings, testIds, boxRef }: NeedsKeyProps) {
  return (
    <div class="empty-state" data-testid={refused ? testIds.refused : testIds.missing} ref={boxRef}>
      <strong>{refused ? `${needs} a key, and the email library did not accept the one saved.` : `${needs} your library key.`}</strong>
      {/* Settings named as it heads the section. */}
      <p>{refused ? `Replace it under Settings → Email library, then come back here. ${WORKS_WITHOUT_KEY}` : 'Add the key from your library account under Settings → Email library, then come back here.'}</p>
      <Button variant="primary" onClick={onOpenSettings}>
        Open Settings
      </Button>
    </div>
  );
}
