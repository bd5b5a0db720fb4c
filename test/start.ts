// `npm start`: builds the plugin, starts the emulator (library API on 4010, builder API on 4011)
// and the playground (4000, or the next free port), prints where everything is, and stays up
// until Ctrl-C.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startEmulator } from './emulator/index';
import { parseEmulatorState } from './playground/page/emulator-link';
import { findRepositoryRoot } from './playground/repository-root';
import { startPlayground, type Playground } from './playground/server';

const LIBRARY_PORT = 4010;
const BUILDER_PORT = 4011;
const PLAYGROUND_PORT = 4000;
const PLAYGROUND_PORT_ATTEMPTS = 20;

const root = findRepositoryRoot();

function runBuildAsync(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'build.mjs')], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The build failed (exit code ${code ?? 'none'}).`))));
  });
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

async function startPlaygroundOnFreePortAsync(emulator: { libraryUrl: string; builderUrl: string }): Promise<Playground> {
  for (let port = PLAYGROUND_PORT; port < PLAYGROUND_PORT + PLAYGROUND_PORT_ATTEMPTS; port += 1) {
    try {
      return await startPlayground({ port, emulator });
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
    }
  }
  throw new Error(`Ports ${PLAYGROUND_PORT}–${PLAYGROUND_PORT + PLAYGROUND_PORT_ATTEMPTS - 1} are all in use; free one and try again.`);
}

async function demoKeysAsync(libraryUrl: string): Promise<string[]> {
  try {
    const response = await fetch(`${libraryUrl}/_emulator/state`);
    const state = parseEmulatorState(await response.json());
    return [
      `  Library demo key   ${state.library.keys.demo}`,
      `  Builder demo key   ${state.builder.keys.demo}`,
      ...(state.builder.designSystems[0] ? [`  Design system id   ${state.builder.designSystems[0]}`] : []),
    ];
  } catch (error) {
    return [`  (demo keys unavailable: ${error instanceof Error ? error.message : String(error)})`];
  }
}

async function mainAsync(): Promise<void> {
  await runBuildAsync();
  let emulator;
  try {
    emulator = await startEmulator({ libraryPort: LIBRARY_PORT, builderPort: BUILDER_PORT });
  } catch (error) {
    if (isAddressInUse(error)) {
      throw new Error(`Port ${LIBRARY_PORT} or ${BUILDER_PORT} is in use (another \`npm start\` or \`npm run emulator\`?). Stop it and try again.`, { cause: error });
    }
    throw error;
  }
  const playground = await startPlaygroundOnFreePortAsync(emulator).catch(async (error: unknown) => {
    await emulator.close();
    throw error;
  });

  console.log('');
  console.log('Envelope is running:');
  console.log(`  Playground         ${playground.url}`);
  console.log(`                     ${playground.url}?demo-keys=1  (settings filled with the demo keys)`);
  console.log(`                     ${playground.url}?theme=dark   (dark theme)`);
  console.log(`  Library API        ${emulator.libraryUrl}`);
  console.log(`  Builder API        ${emulator.builderUrl}`);
  for (const line of await demoKeysAsync(emulator.libraryUrl)) console.log(line);
  console.log('');
  console.log('Rebuild with `npm run build` (or `npm run watch`) and reload the page. Ctrl-C stops everything.');

  let stopping = false;
  const stopAsync = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    const results = await Promise.allSettled([playground.close(), emulator.close()]);
    const failed = results.filter((result) => result.status === 'rejected');
    for (const failure of failed) console.error(`  could not stop cleanly: ${String((failure as PromiseRejectedResult).reason)}`);
    process.exit(failed.length === 0 ? 0 : 1);
  };
  process.on('SIGINT', () => void stopAsync('SIGINT'));
  process.on('SIGTERM', () => void stopAsync('SIGTERM'));
}

mainAsync().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
