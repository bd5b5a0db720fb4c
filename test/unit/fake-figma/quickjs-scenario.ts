// A scenario the QuickJS test runs both in Node and inside QuickJS (no Node or DOM APIs there):
// build the demo document, exercise instances, plugin data, storage, UI messages and export,
// and summarise what came out. The two summaries must match.
import { createFakeFigma } from '../../fake-figma/index';
import { buildDemoDocumentAsync } from '../../fixtures/demo-document';
import { readImageHeader } from '../../support/png';

export async function runScenarioAsync(): Promise<Record<string, unknown>> {
  const fake = createFakeFigma({ network: async () => ({ status: 204, statusText: 'No Content', url: 'https://api.mailvault.example/', headers: { forEach: () => undefined }, arrayBuffer: async () => new ArrayBuffer(0) }) });
  const { figma } = fake;
  await buildDemoDocumentAsync(figma);
  await figma.loadAllPagesAsync();
  const nodes = figma.root.findAll();
  const errors: string[] = [];
  const capture = (run: () => unknown) => {
    try {
      run();
      errors.push('no error');
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  };
  capture(() => figma.getNodeById('1:2'));
  capture(() => figma.root.children[0]!.setPluginData('big', 'x'.repeat(100_001)));
  figma.showUI('<p>ui</p>');
  const received: unknown[] = [];
  fake.ui.onMessage((message) => received.push(message));
  figma.ui.postMessage({ type: 'ready', bytes: new Uint8Array([1, 2, 3]) });
  capture(() => figma.ui.postMessage({ f: () => 1 }));
  await figma.clientStorage.setAsync('settings', { a: [1, 2, 3] });
  const email = figma.root.children[2]!.children[0] as FrameNode;
  const png = await email.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: 0.25 } });
  const jpeg = await email.exportAsync({ format: 'JPG', constraint: { type: 'SCALE', value: 0.25 } });
  const response = await fake.fetch('https://api.mailvault.example/');
  await fake.settleAsync();
  return {
    nodes: nodes.length,
    types: [...new Set(nodes.map((n) => n.type))].sort(),
    email: { width: email.width, height: email.height },
    png: readImageHeader(png),
    jpeg: readImageHeader(jpeg),
    errors,
    received,
    storageBytes: fake.clientStorageBytes(),
    fetchStatus: response.status,
  };
}
