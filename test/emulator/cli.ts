// `npm run emulator -- --library-port 4010 --builder-port 4011 [--relaxed] [--seed N] [--now ISO]`
// First stdout line: one JSON object with both base URLs; then notes for people.
import { startEmulator, type EmulatorOptions } from './index';
import { ADULT_CONTENT_BRANDS } from './library/demo-names';

function parseArgs(argv: string[]): EmulatorOptions {
  const options: EmulatorOptions = { libraryPort: 4010, builderPort: 4011, limits: 'real' };
  const readNumber = (flag: string, value: string | undefined): number => {
    if (value === undefined || !/^\d+$/.test(value)) throw new Error(`${flag} needs a whole number (got ${value ?? 'nothing'}).`);
    return Number(value);
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--library-port') options.libraryPort = readNumber(flag, argv[++i]);
    else if (flag === '--builder-port') options.builderPort = readNumber(flag, argv[++i]);
    else if (flag === '--seed') options.seed = readNumber(flag, argv[++i]);
    else if (flag === '--relaxed') options.limits = 'relaxed';
    else if (flag === '--now') {
      const value = argv[++i];
      if (value === undefined) throw new Error('--now needs an ISO 8601 date-time.');
      options.now = value;
    } else throw new Error(`Unknown option ${flag}. Options: --library-port P --builder-port Q --relaxed --seed N --now ISO`);
  }
  return options;
}

async function mainAsync(): Promise<void> {
  let options: EmulatorOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const emulator = await startEmulator(options);
  process.stdout.write(`${JSON.stringify({ library: emulator.libraryUrl, builder: emulator.builderUrl })}\n`);
  const lines = [
    `Library API  ${emulator.libraryUrl}/v1   keys: demo ${emulator.keys.library.demo}, other ${emulator.keys.library.other}, revoked ${emulator.keys.library.revoked}`,
    `Builder API  ${emulator.builderUrl}/api  keys: demo ${emulator.keys.builder.demo}, other ${emulator.keys.builder.other}`,
    `Design systems: ${Object.values(emulator.designSystemIds).join(', ')}`,
    `Limits: ${options.limits === 'relaxed' ? 'relaxed (no per-minute limits)' : 'real'}. Adult-content brands refused by brand requests: ${ADULT_CONTENT_BRANDS.map((b) => b.name).join(', ')}.`,
    `Control surface on both ports: GET /_emulator/state, POST /_emulator/reset, /_emulator/clock, /_emulator/faults, /_emulator/design-systems/:id/remote-edit`,
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void mainAsync().catch((error: unknown) => {
  process.stderr.write(`Emulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
