/**
 * Dataset licensing figures (spec section 9). Amounts in whole euros; copy never types them, the
 * page formats them per locale with Intl.
 */
export const DATASET_FIGURES = {
  curatedHours: 200,
  onRequestHours: [1000, 5700] as const,
  producedHours: 5700,
  nonExclusive: { yearly: 110_000, upfront: 50_000, monthly: 5_000 },
  exclusiveFromYearly: 300_000,
  packages: [
    { id: "starter", hoursPerMonth: 20, monthly: [5_000] },
    { id: "growth", hoursPerMonth: 50, monthly: [10_000, 12_000] },
    { id: "scale", hoursPerMonth: 120, monthly: [20_000] },
  ] as const,
};
