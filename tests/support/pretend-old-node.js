// Preloaded with `node --import` where the machine has no Node older than 22 to test with: this
// process then reports PRETEND_NODE_VERSION as its version, as an old Node would. The variable is
// removed at once so the command re-run under "Node 24" (scripts/require-node.js) is itself.
const version = process.env.PRETEND_NODE_VERSION;
if (version) {
  delete process.env.PRETEND_NODE_VERSION;
  Object.defineProperty(process.versions, "node", { value: version });
}
