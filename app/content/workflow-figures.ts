/**
 * The business figures of spec section 9 that the workflow pages quote. Copy never types them:
 * pages format these with Intl and pass them into the translations.
 */
export const FACELESS = {
  scenes: 13,
  clipSeconds: 5,
  videoMinutes: 1,
  ratio: "9:16",
  costUsd: 7,
  productionMinutes: [8, 10],
} as const;
export const AD_GENERATOR = { scenes: 5, maxMinutes: 5 } as const;
export const SHORT_VIDEOS = {
  videosPerMonth: 8,
  seconds: [10, 20],
  deliveryHours: 48,
  generationMaxMinutes: 5,
} as const;
export const NEWSLETTER = { videoSeconds: [30, 60], maxMinutes: 10 } as const;
export const BLOG = { summaryWords: [200, 300], maxMinutes: 2 } as const;

/**
 * The spec's Seedance claim ("25 times cheaper than another video model"), with what it compares:
 * the list API price per second of generated video, Seedance 1.0 Pro at 480p against Google Veo 3
 * with sound, as published by ByteDance (BytePlus) and Google when the page was written.
 */
export const SEEDANCE_COMPARISON = { times: 25, against: "Google Veo 3" } as const;
