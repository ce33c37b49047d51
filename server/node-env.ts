// Imported before anything else: React and Express pick their production builds from NODE_ENV at
// load time, and `node server/index.js` (Docker, npm start) does not set it. Development React is
// several times slower and must never serve visitors.
process.env.NODE_ENV ??= "production";
