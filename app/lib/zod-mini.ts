import * as z from "zod/mini";

/** `zod/mini` for the app, jitless like app/lib/zod.ts (which says why; its test makes it the only way in). */
z.config({ jitless: true });

export * from "zod/mini";
