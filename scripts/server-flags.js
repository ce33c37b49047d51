// Plain JavaScript: read by scripts/start.js, the test and bench servers (tests/support/server.ts,
// bench/cold-start.ts) and by server/index.js, which adds them when started without them (the
// Dockerfile runs a plain `node server/index.js`).
//
// V8 flags of the production server. The young generation is capped at 2 × 16 MB: V8 sizes it from
// the machine's memory (2 × 64 MB on an 8 GB box), and under 50 concurrent order POSTs a request's
// objects outlive a scavenge or two, get promoted and pile up in the old generation until a full GC.
// RSS then climbed from ~150 MB to ~440 MB although the live heap stayed at ~35 MB (no leak: a
// forced GC brings it back). With the cap RSS levels off at ~250–270 MB (bench/run.ts).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];
