// The one zod import for both bundles: `import * as z from '…/shared/zod'`.
// zod/mini keeps the bundles small (~15 kB, not ~450 kB); jitless stops zod from compiling
// validators with `new Function`, which the UI's CSP and the plugin sandbox may refuse.
import { config } from 'zod/mini';

config({ jitless: true });

export * from 'zod/mini';
