// A small library email as the UI sends it from Browse (one tile), for sync tests that place
// references on the canvas beside a sync.
import type { CanvasInsert } from '../../../../src/shared/bridge/messages';
import { planTiles } from '../../../../src/shared/canvas/tile-plan';
import { encodePng } from '../../../support/png';

export function insertOf(emailId: number, extra: Partial<CanvasInsert> = {}): CanvasInsert {
  const tiles = planTiles(60, 80).map((tile) => ({ ...tile, bytes: encodePng({ width: tile.width, height: tile.height, pixel: () => [200, 100, 50, 255] }) }));
  return {
    reference: { emailId, brandSlug: 'acme', brandName: 'Acme', subject: 'Spring is here', url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', service: 'MailVault', serviceUrl: 'https://mailvault.example' },
    width: 60,
    height: 80,
    tiles,
    ...extra,
  };
}
