// `npm run bench` (sync part): the whole sync — the real handlers, the fake Figma with a
// generated document, the builder emulator at its real limits (100 requests a minute per key,
// 100 upserts and 2 MB per sync request) — counting what goes over the wire. Cases per size:
// the first sync, a sync after editing 10 components, and a sync with nothing changed.
// Options: --sizes 2000,10000, --json FILE.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createPlugin } from '../../src/handlers';
import { createFigmaFetchTransport } from '../../src/http/figma-fetch-transport';
import type { HttpTransport } from '../../src/shared/api/http/transport';
import { handlerContext } from '../../src/shared/bridge/endpoint';
import { startEmulator } from '../emulator/index';
import { createFakeFigma } from '../fake-figma';
import { editComponentsAsync, generateDocumentAsync } from './generate-document';

interface WireCount {
  changesCalls: number;
  pushCalls: number;
  upsertsPerPush: number[];
  /** Request bodies, all requests. */
  bytesSent: number;
  /** The JSON of the upserts and deletes inside the push bodies: what had to be sent. */
  payloadBytes: number;
  rateLimited: number;
}

interface CaseFigure extends WireCount {
  case: 'first sync' | 'reading back the first push' | 'after editing 10' | 'nothing changed';
  /** COMPONENT nodes in the file, variants included (the size asked for). */
  componentNodes: number;
  /** What sync sends: standalone components and sets (a set and its variants are one payload). */
  components: number;
  pushed: number;
  wallMs: number;
}

function parseArgs(argv: string[]): { sizes: number[]; json: string } {
  let sizes = [2000, 10000];
  let json = 'test/bench/sync-results.json';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--sizes') sizes = argv[++i]!.split(',').map(Number);
    else if (argv[i] === '--json') json = argv[++i]!;
  }
  return { sizes, json };
}

/** Figma's fetch over Node's, counting every request by endpoint, its bytes and every 429. */
function countingTransport(inner: HttpTransport, count: WireCount): HttpTransport {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/changes')) count.changesCalls++;
    if (path.endsWith('/sync')) {
      count.pushCalls++;
      const body = JSON.parse(request.body ?? '{}') as { upserts?: unknown[]; deletes?: unknown[] };
      count.upsertsPerPush.push(body.upserts?.length ?? 0);
      for (const item of [...(body.upserts ?? []), ...(body.deletes ?? [])]) count.payloadBytes += Buffer.byteLength(JSON.stringify(item));
    }
    count.bytesSent += Buffer.byteLength(request.body ?? '');
    const response = await inner(request);
    if (response.status === 429) count.rateLimited++;
    return response;
  };
}

const quiet = handlerContext();

async function runSizeAsync(size: number): Promise<CaseFigure[]> {
  const emulator = await startEmulator({ limits: 'real' });
  try {
    const state = (await (await fetch(`${emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string } } };
    const fake = createFakeFigma({ currentUser: { id: 'bench', name: 'Bench' }, allowedDomains: [emulator.builderUrl], deflate: (data) => deflateSync(data) });
    const doc = await generateDocumentAsync(fake.figma, size);
    const empty = (): WireCount => ({ changesCalls: 0, pushCalls: 0, upsertsPerPush: [], bytesSent: 0, payloadBytes: 0, rateLimited: 0 });
    const count = empty();
    const plugin = createPlugin({ figma: fake.figma, transport: countingTransport(createFigmaFetchTransport(fake.fetch), count) });
    await plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: emulator.builderUrl, key: state.builder.keys.demo }, quiet);
    await plugin.handlers['settings/set-design-system']({ id: 'ds_empty' }, quiet);

    const figures: CaseFigure[] = [];
    const measureAsync = async (name: CaseFigure['case']) => {
      Object.assign(count, empty());
      const started = performance.now();
      await plugin.handlers['sync/compare']({}, quiet);
      const outcome = await plugin.handlers['sync/run']({}, quiet);
      const wallMs = performance.now() - started;
      figures.push({ case: name, componentNodes: doc.components, components: doc.roots, pushed: outcome.pushed, wallMs, ...count, upsertsPerPush: [...count.upsertsPerPush] });
      console.log(`${size} ${name}: ${count.pushCalls} pushes (${count.upsertsPerPush.join(', ') || 'none'} upserts), ${count.changesCalls} changes calls, ${(count.bytesSent / 1e6).toFixed(2)} MB, ${count.rateLimited} × 429, ${(wallMs / 1000).toFixed(1)} s`);
    };

    await measureAsync('first sync');
    // The next changes call returns every component the first sync pushed once (their updated_at
    // is after the base it was built on; they read as echoes by hash): measured on its own.
    await measureAsync('reading back the first push');
    await editComponentsAsync(fake.figma, doc, 10, 1);
    await measureAsync('after editing 10');
    await measureAsync('nothing changed');
    return figures;
  } finally {
    await emulator.close();
  }
}

const { sizes, json } = parseArgs(process.argv.slice(2));
const results: CaseFigure[] = [];
for (const size of sizes) results.push(...(await runSizeAsync(size)));
const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version, date: new Date().toISOString() };
writeFileSync(resolve(process.cwd(), json), `${JSON.stringify({ machine, results }, null, 2)}\n`);
console.log(`wrote ${json}`);
