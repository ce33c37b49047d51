import { z } from "zod";

/**
 * The app's zod (the classic API); app/lib/zod-mini.ts is the same for `zod/mini`. Every module of
 * app/ takes zod from one of these two (app/lib/zod.test.ts), so this runs before any schema is built.
 *
 * Why: zod compiles object parsers with `new Function`, and probes for it with `Function("")` as
 * each object schema is built. The site's CSP has no 'unsafe-eval' (server/security-headers.ts), so
 * in the browser (the site configuration's and the forms' schemas) the probe was refused: Firefox
 * printed a CSP error on every such page, Chromium reported a violation. Jitless zod never tries
 * (tests/e2e/content-security.spec.ts); our schemas are small, the interpreted parse is enough.
 * The setting is zod's one global, the same object for `zod` and `zod/mini`.
 */
z.config({ jitless: true });

export { z };
