// A frame's template link changes as an undo step of its own, except while library references
// are being placed: their batch is one undo step, which a commit from here would cut in two.
import { describe, expect, it } from 'vitest';
import { createCanvasFeature } from '../../../src/canvas/canvas-handlers';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import type { CanvasInsert } from '../../../src/shared/bridge/messages';
import { planTiles } from '../../../src/shared/canvas/tile-plan';
import { serializeTemplateLink, TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { createTemplatesFeature } from '../../../src/templates/templates-handlers';
import { createFakeFigma } from '../../fake-figma/index';
import { encodePng } from '../../support/png';

const context = handlerContext();

function insertOf(emailId: number, batchId: string): CanvasInsert {
  const tiles = planTiles(600, 800).map((tile) => ({ ...tile, bytes: encodePng({ width: tile.width, height: tile.height, pixel: () => [200, 100, 50, 255] }) }));
  const reference = { emailId, brandSlug: 'acme', brandName: 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', service: 'MailVault', serviceUrl: 'https://mailvault.example' };
  return { reference, width: 600, height: 800, tiles, batchId };
}

describe('template links and undo', () => {
  it('unlinking a frame while references are placed keeps the batch one undo step; otherwise it is a step of its own', async () => {
    const fake = createFakeFigma();
    const frame = fake.figma.createFrame();
    frame.name = 'Spring';
    frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ templateId: 'tpl_1', templateName: 'Spring', hash: 'h', savedAt: '2026-11-21T10:00:00.000Z' }));
    fake.figma.commitUndo();
    // Composed as src/handlers.ts composes them.
    const canvas = createCanvasFeature({ figma: fake.figma });
    const templates = createTemplatesFeature({ figma: fake.figma, transport: () => Promise.reject(new Error('no network here')), readBuilderCredentialsAsync: () => Promise.resolve({ baseUrl: 'https://builder.example', key: null }), undoStepOpen: canvas.placing });
    const { batchId } = await canvas.handlers['canvas/insert-begin']({ layout: 'grid', title: 'Grid' }, context);
    const first = (await canvas.handlers['canvas/insert'](insertOf(1, batchId), context)).nodeId;
    await templates.handlers['templates/unlink']({ frameId: frame.id }, context);
    const second = (await canvas.handlers['canvas/insert'](insertOf(2, batchId), context)).nodeId;
    await canvas.handlers['canvas/insert-end']({ batchId }, context);
    fake.figma.triggerUndo();
    expect([fake.inspect.node(first), fake.inspect.node(second)]).toEqual([null, null]);

    // With no batch open, the unlink is its own step: ⌘Z relinks the frame and nothing else.
    fake.figma.commitUndo();
    frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ templateId: 'tpl_1', templateName: 'Spring', hash: 'h', savedAt: '2026-11-21T10:00:00.000Z' }));
    const other = fake.figma.createFrame();
    await templates.handlers['templates/unlink']({ frameId: frame.id }, context);
    fake.figma.triggerUndo();
    expect(frame.getPluginData(TEMPLATE_LINK_KEY)).not.toBe('');
    expect(fake.inspect.node(other.id)).not.toBeNull();
  });
});
