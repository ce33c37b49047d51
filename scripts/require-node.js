// Plain JavaScript on purpose: it must run (and explain itself) on an old Node too.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(`This site needs Node.js 22.22 or newer (24 LTS recommended); this is Node ${process.versions.node}. Install Node 24 (see .nvmrc) and retry.`);
  process.exit(1);
}
