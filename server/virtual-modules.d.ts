// The app's server build as React Router's Vite plugin provides it to server/app.ts (typed there).
declare module "virtual:react-router/server-build";
